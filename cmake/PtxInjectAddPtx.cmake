# ptxinject_add_ptx: rewrite annotated CUDA sources with ptxinject-rewrite and
# compile them to PTX with nvcc at build time.
#
#   find_package(PtxInject CONFIG REQUIRED)      # or, in this source tree, nothing
#   ptxinject_add_ptx(TARGET kernels
#                     SOURCES kernel.cu other.cu
#                     [ARCH sm_80 [sm_90...]]      # default: CMAKE_CUDA_ARCHITECTURES, else sm_80
#                     [LINK_LIBRARIES target...]   # their include dirs and definitions apply
#                     [INCLUDE_DIRECTORIES dir...] [DEFINES NAME=VALUE...]
#                     [TYPES types.json]           # extra operand types
#                     [NVCC_FLAGS flag...] [REWRITE_FLAGS flag...]
#                     [DEPENDS file...]
#                     [OUTPUT_DIR dir]             # default <binary dir>/ptxinject/<target>
#                     [EMBED symbol])              # the PTX as a linkable array (below)
#
# Creates the custom target TARGET (built by default). For each SOURCE the
# outputs are <name>.rewritten.cu, <name>.sites.json (the site manifest) and
# <name>.ptx; with several architectures, <name>.<arch>.* for each. The
# target's properties PTXINJECT_PTX_FILES and PTXINJECT_MANIFESTS list them.
#
# EMBED symbol (one source, one architecture) also creates the static library
# <TARGET>_embed: it defines `const char symbol[]` (the PTX, NUL-terminated)
# and `const size_t symbol_size` (without the NUL), declared in <symbol.h>;
# ptxinject/module/EmbeddedPtx.h parses them into a Module with no file I/O.
# ptxinject_check_goldens() (PtxInjectCheckGoldens.cmake) turns the outputs
# into golden-file tests.
#
# Include directories and definitions come from the usage requirements of the
# LINK_LIBRARIES targets (transitively, as target_link_libraries would give
# them), from INCLUDE_DIRECTORIES/DEFINES, and from the TARGET's own
# INCLUDE_DIRECTORIES and COMPILE_DEFINITIONS properties, which may be set
# after the call. ptx_inject.h comes from PtxInject::runtime. Header
# dependencies are recorded by nvcc (a depfile): editing a header the source
# includes reruns the rewrite and the PTX compile.
#
# The rewriter is the PtxInject::rewrite target (this build's, or the one
# installed beside this file), else PTXINJECT_REWRITE_EXECUTABLE; nvcc is
# CUDAToolkit_NVCC_EXECUTABLE, else PTXINJECT_NVCC_EXECUTABLE, else found
# under $CUDA_HOME, $CUDA_PATH or /usr/local/cuda.

# Script mode (cmake -P this file), run after nvcc: its depfile names the
# rewritten source, an output of the same command, which build tools take for
# a cycle; the original source stands in for it.
if(CMAKE_SCRIPT_MODE_FILE AND PTXINJECT_DEPFILE)
  file(READ "${PTXINJECT_DEPFILE}" deps)
  string(REPLACE " " "\\ " rewritten "${PTXINJECT_REWRITTEN}")
  string(REPLACE " " "\\ " source "${PTXINJECT_SOURCE}")
  string(REPLACE "${rewritten}" "${source}" deps "${deps}")
  file(WRITE "${PTXINJECT_DEPFILE}" "${deps}")
  return()
endif()

include_guard(GLOBAL)
set(_PTXINJECT_ADD_PTX_FILE "${CMAKE_CURRENT_LIST_FILE}")
set(_PTXINJECT_ADD_PTX_DIR "${CMAKE_CURRENT_LIST_DIR}")

# CMAKE_CUDA_ARCHITECTURES entries (80, 80-real, 90a-virtual) as sm_XX names.
function(_ptxinject_architectures out)
  set(archs "")
  foreach(entry ${CMAKE_CUDA_ARCHITECTURES})
    if(entry MATCHES "^([0-9]+[af]?)(-real|-virtual)?$")
      list(APPEND archs "sm_${CMAKE_MATCH_1}")
    else()
      message(FATAL_ERROR "ptxinject_add_ptx: CMAKE_CUDA_ARCHITECTURES entry '${entry}' "
        "names no single architecture; pass ARCH sm_XX")
    endif()
  endforeach()
  list(REMOVE_DUPLICATES archs)
  set(${out} "${archs}" PARENT_SCOPE)
endfunction()

function(_ptxinject_find_tools rewrite_out nvcc_out)
  if(TARGET PtxInject::rewrite)
    set(${rewrite_out} "$<TARGET_FILE:PtxInject::rewrite>" PARENT_SCOPE)
  else()
    find_program(PTXINJECT_REWRITE_EXECUTABLE ptxinject-rewrite)
    if(NOT PTXINJECT_REWRITE_EXECUTABLE)
      message(FATAL_ERROR "ptxinject_add_ptx: ptxinject-rewrite not found; "
        "find_package(PtxInject) from an installation built with Clang, "
        "or set PTXINJECT_REWRITE_EXECUTABLE")
    endif()
    set(${rewrite_out} "${PTXINJECT_REWRITE_EXECUTABLE}" PARENT_SCOPE)
  endif()
  if(CUDAToolkit_NVCC_EXECUTABLE)
    set(${nvcc_out} "${CUDAToolkit_NVCC_EXECUTABLE}" PARENT_SCOPE)
    return()
  endif()
  find_program(PTXINJECT_NVCC_EXECUTABLE nvcc
    HINTS ENV CUDA_HOME ENV CUDA_PATH /usr/local/cuda PATH_SUFFIXES bin)
  if(NOT PTXINJECT_NVCC_EXECUTABLE)
    message(FATAL_ERROR "ptxinject_add_ptx: nvcc not found; set CUDA_HOME or "
      "PTXINJECT_NVCC_EXECUTABLE")
  endif()
  set(${nvcc_out} "${PTXINJECT_NVCC_EXECUTABLE}" PARENT_SCOPE)
endfunction()

function(ptxinject_add_ptx)
  cmake_parse_arguments(ARG "" "TARGET;TYPES;OUTPUT_DIR;EMBED"
    "SOURCES;ARCH;LINK_LIBRARIES;INCLUDE_DIRECTORIES;DEFINES;NVCC_FLAGS;REWRITE_FLAGS;DEPENDS"
    ${ARGN})
  if(NOT ARG_TARGET OR NOT ARG_SOURCES)
    message(FATAL_ERROR "ptxinject_add_ptx: TARGET and SOURCES are required")
  endif()
  if(NOT ARG_ARCH)
    _ptxinject_architectures(ARG_ARCH)
  endif()
  if(NOT ARG_ARCH)
    set(ARG_ARCH sm_80)
  endif()
  if(NOT ARG_OUTPUT_DIR)
    set(ARG_OUTPUT_DIR "${CMAKE_CURRENT_BINARY_DIR}/ptxinject/${ARG_TARGET}")
  endif()
  get_filename_component(ARG_OUTPUT_DIR "${ARG_OUTPUT_DIR}" ABSOLUTE
    BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  _ptxinject_find_tools(rewrite nvcc)

  # -I/-D flags, evaluated at generate time: the TARGET's own properties, then
  # each library's usage requirements, then ptx_inject.h's folder.
  set(usage_targets ${ARG_LINK_LIBRARIES})
  set(include_lists "$<TARGET_PROPERTY:${ARG_TARGET},INCLUDE_DIRECTORIES>")
  if(TARGET PtxInject::runtime)
    list(APPEND usage_targets PtxInject::runtime)
  elseif(EXISTS "${_PTXINJECT_ADD_PTX_DIR}/../../../include/ptx_inject.h")
    # This file included by path from an installation, without find_package.
    get_filename_component(header_dir "${_PTXINJECT_ADD_PTX_DIR}/../../../include" ABSOLUTE)
    list(APPEND include_lists "${header_dir}")
  endif()
  set(define_lists "$<TARGET_PROPERTY:${ARG_TARGET},COMPILE_DEFINITIONS>")
  foreach(lib ${usage_targets})
    if(NOT TARGET ${lib})
      message(FATAL_ERROR "ptxinject_add_ptx: LINK_LIBRARIES names '${lib}', which is no target")
    endif()
    list(APPEND include_lists "$<TARGET_PROPERTY:${lib},INTERFACE_INCLUDE_DIRECTORIES>")
    list(APPEND define_lists "$<TARGET_PROPERTY:${lib},INTERFACE_COMPILE_DEFINITIONS>")
  endforeach()
  set(include_flags "")
  foreach(list IN LISTS include_lists)
    list(APPEND include_flags "$<$<BOOL:${list}>:-I$<JOIN:${list},$<SEMICOLON>-I>>")
  endforeach()
  set(define_flags "")
  foreach(list IN LISTS define_lists)
    list(APPEND define_flags "$<$<BOOL:${list}>:-D$<JOIN:${list},$<SEMICOLON>-D>>")
  endforeach()

  set(types_args "")
  set(types_dep "")
  if(ARG_TYPES)
    get_filename_component(types "${ARG_TYPES}" ABSOLUTE)
    set(types_args --types "${types}")
    set(types_dep "${types}")
  endif()
  # This build's rewriter: a target dependency (built first); an installed
  # one: its file.
  set(rewrite_dep "${rewrite}")
  if(TARGET PtxInject::rewrite)
    get_target_property(rewrite_target PtxInject::rewrite ALIASED_TARGET)
    if(rewrite_target)
      set(rewrite_dep ${rewrite_target})
    endif()
  endif()
  list(LENGTH ARG_ARCH arch_count)

  file(MAKE_DIRECTORY "${ARG_OUTPUT_DIR}")
  set(ptx_files "")
  set(manifests "")
  set(sources "")
  set(archs "")
  set(rewritten_files "")
  foreach(src ${ARG_SOURCES})
    get_filename_component(src "${src}" ABSOLUTE)
    get_filename_component(name "${src}" NAME_WE)
    get_filename_component(src_dir "${src}" DIRECTORY)
    foreach(arch ${ARG_ARCH})
      set(stem "${ARG_OUTPUT_DIR}/${name}")
      if(arch_count GREATER 1)
        string(APPEND stem ".${arch}")
      endif()
      set(rewritten "${stem}.rewritten.cu")
      set(manifest "${stem}.sites.json")
      set(ptx "${stem}.ptx")
      # One command for both steps: nvcc's depfile lists every header the
      # source includes, and a header can change what the rewriter writes
      # (operand types come from the AST). The rewritten file lives in the
      # build tree, so the source's own folder goes on the include path for
      # its quoted includes.
      add_custom_command(
        OUTPUT "${ptx}" "${rewritten}" "${manifest}"
        COMMAND "${rewrite}" "${src}" -o "${rewritten}" --manifest "${manifest}"
                ${types_args} ${ARG_REWRITE_FLAGS}
                -- "--cuda-gpu-arch=${arch}" ${include_flags} ${define_flags}
        COMMAND "${nvcc}" -ptx "-arch=${arch}" "-I${src_dir}" ${include_flags} ${define_flags}
                ${ARG_NVCC_FLAGS} "${rewritten}" -o "${ptx}"
                -MD -MF "${ptx}.d" -MT "${ptx}"
        COMMAND "${CMAKE_COMMAND}" "-DPTXINJECT_DEPFILE=${ptx}.d"
                "-DPTXINJECT_REWRITTEN=${rewritten}" "-DPTXINJECT_SOURCE=${src}"
                -P "${_PTXINJECT_ADD_PTX_FILE}"
        DEPENDS "${src}" ${rewrite_dep} ${types_dep} ${ARG_DEPENDS}
        DEPFILE "${ptx}.d"
        COMMENT "Rewriting ${name}.cu and compiling it to PTX (${arch})"
        COMMAND_EXPAND_LISTS
        VERBATIM)
      list(APPEND ptx_files "${ptx}")
      list(APPEND manifests "${manifest}")
      list(APPEND sources "${src}")
      list(APPEND archs "${arch}")
      list(APPEND rewritten_files "${rewritten}")
    endforeach()
  endforeach()

  add_custom_target(${ARG_TARGET} ALL DEPENDS ${ptx_files})
  set(rewrite_options ${types_args} ${ARG_REWRITE_FLAGS})
  set(clang_flags ${include_flags} ${define_flags})
  foreach(dir ${ARG_INCLUDE_DIRECTORIES})
    get_filename_component(dir "${dir}" ABSOLUTE)
    set_property(TARGET ${ARG_TARGET} APPEND PROPERTY INCLUDE_DIRECTORIES "${dir}")
  endforeach()
  set_property(TARGET ${ARG_TARGET} APPEND PROPERTY COMPILE_DEFINITIONS ${ARG_DEFINES})
  set_target_properties(${ARG_TARGET} PROPERTIES
    PTXINJECT_PTX_FILES "${ptx_files}"
    PTXINJECT_MANIFESTS "${manifests}"
    # For ptxinject_check_goldens: one entry per PTX file, and the flags.
    PTXINJECT_SOURCES "${sources}"
    PTXINJECT_ARCHS "${archs}"
    PTXINJECT_REWRITTEN_FILES "${rewritten_files}"
    PTXINJECT_REWRITE_OPTIONS "${rewrite_options}"
    PTXINJECT_CLANG_FLAGS "${clang_flags}")
  if(ARG_EMBED)
    _ptxinject_embed_ptx(${ARG_TARGET} "${ptx_files}" ${ARG_EMBED} "${ARG_OUTPUT_DIR}")
  endif()
endfunction()

include("${CMAKE_CURRENT_LIST_DIR}/PtxInjectEmbed.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/PtxInjectCheckGoldens.cmake")
