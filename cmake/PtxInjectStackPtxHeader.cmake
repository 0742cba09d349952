# mm_add_stack_ptx_header: the reference library's CMake call that turns a
# Stack PTX JSON description into a generated header, with its interface:
#
#   find_package(PtxInject CONFIG REQUIRED)      # or, in this source tree, nothing
#   mm_add_stack_ptx_header(OUT_HDR <header> JSON <description.json>
#                           [LANG c|cpp]         # default c
#                           [SCRIPT <generator>] # another generator, same CLI
#                           [DEPENDS file...])
#
# Adds a custom command whose OUTPUT is <header>; a target that lists it (or
# an add_custom_target DEPENDS on it) builds it, as with the reference. LANG c
# writes the reference's C layout (STACK_PTX_* enums, stack_ptx_stack_info,
# stack_ptx_encode_* with the PTX instruction and special register encoders
# as objects); LANG cpp its C++ layout (namespace stack_ptx: enum classes,
# constexpr encode_* functions, stack_info). Both include <stack_ptx.h>.
# SCRIPT runs another generator with the reference's command line
# (--input, --output, --lang c|cpp) instead of ours.
include_guard(GLOBAL)
find_package(Python3 REQUIRED COMPONENTS Interpreter)

# Installed, the package config sets PTXINJECT_STACK_PTX_GENERATOR; in this
# source tree the generator sits in utils/.
if(NOT PTXINJECT_STACK_PTX_GENERATOR)
  set(PTXINJECT_STACK_PTX_GENERATOR "${CMAKE_CURRENT_LIST_DIR}/../utils/gen_stack_ptx_header.py")
endif()
get_filename_component(PTXINJECT_STACK_PTX_GENERATOR "${PTXINJECT_STACK_PTX_GENERATOR}" ABSOLUTE)
set(PTXINJECT_STACK_PTX_GENERATOR "${PTXINJECT_STACK_PTX_GENERATOR}"
    CACHE INTERNAL "Stack PTX header generator run by mm_add_stack_ptx_header")

function(mm_add_stack_ptx_header)
  cmake_parse_arguments(MM "" "OUT_HDR;JSON;SCRIPT;LANG" "DEPENDS" ${ARGN})
  if(MM_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "mm_add_stack_ptx_header: unknown arguments: ${MM_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT MM_OUT_HDR)
    message(FATAL_ERROR "mm_add_stack_ptx_header: OUT_HDR is required")
  endif()
  if(NOT MM_JSON)
    message(FATAL_ERROR "mm_add_stack_ptx_header: JSON is required")
  endif()
  if(NOT MM_LANG)
    set(MM_LANG c)
  endif()
  if(NOT MM_LANG MATCHES "^(c|cpp)$")
    message(FATAL_ERROR "mm_add_stack_ptx_header: LANG must be c or cpp, not '${MM_LANG}'")
  endif()
  get_filename_component(json "${MM_JSON}" ABSOLUTE)
  get_filename_component(out_dir "${MM_OUT_HDR}" DIRECTORY)
  if(MM_SCRIPT)
    set(script "${MM_SCRIPT}")
    set(lang "${MM_LANG}")
  else()
    set(script "${PTXINJECT_STACK_PTX_GENERATOR}")
    # Our generator's names for the reference's two layouts.
    if(MM_LANG STREQUAL "c")
      set(lang ref)
    else()
      set(lang ref-cpp)
    endif()
  endif()
  add_custom_command(
    OUTPUT "${MM_OUT_HDR}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${out_dir}"
    COMMAND ${Python3_EXECUTABLE} "${script}" --input "${json}" --output "${MM_OUT_HDR}"
            --lang ${lang}
    DEPENDS "${json}" "${script}" ${MM_DEPENDS}
    COMMENT "Generating Stack PTX header ${MM_OUT_HDR} from ${json}"
    VERBATIM)
  set_source_files_properties("${MM_OUT_HDR}" PROPERTIES GENERATED TRUE HEADER_FILE_ONLY TRUE)
  # The reference sets a variable named after the header to its path.
  set(${MM_OUT_HDR} "${MM_OUT_HDR}" PARENT_SCOPE)
endfunction()
