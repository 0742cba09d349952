# ptxinject_check_goldens: golden-file checks of a ptxinject_add_ptx target as
# CTest tests, for a project's CI (docs/ci.md).
#
#   enable_testing()
#   ptxinject_add_ptx(TARGET kernels SOURCES kernel.cu ...)
#   ptxinject_check_goldens(TARGET kernels
#                           [REWRITTEN dir]   # committed rewritten sources
#                           [TABLES dir]      # committed inject tables
#                           [NAME prefix])    # test name prefix, default TARGET
#
# For each source <name>.cu (with several architectures, <name>.<arch>):
#   REWRITTEN: test <prefix>.rewrite.<name> runs
#     ptxinject-rewrite <name>.cu --check <dir>/<name>.rewritten.cu
#     with the target's flags; it fails with a unified diff when the rewrite
#     differs from the committed file.
#   TABLES: test <prefix>.injects.<name> runs
#     ptxinject inspect --check <dir>/<name>.injects.json <built PTX>
#       --manifest <built manifest>
#     and fails naming each change that breaks a search's stored programs
#     (an inject gone or renamed, an operand added, removed or reordered, a
#     kind or type changed, a site count changed, a site vanished).
# The rewrite test needs nothing built; the table test reads the PTX the build
# made, so build before running ctest. Regenerating goldens after an
# intended change: docs/ci.md.
#
# ptxinject is the PtxInject::ptxinject target, else PTXINJECT_EXECUTABLE.

include_guard(GLOBAL)

function(ptxinject_check_goldens)
  cmake_parse_arguments(ARG "" "TARGET;REWRITTEN;TABLES;NAME" "" ${ARGN})
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "ptxinject_check_goldens: unknown arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT ARG_TARGET OR NOT TARGET ${ARG_TARGET})
    message(FATAL_ERROR "ptxinject_check_goldens: TARGET must name a ptxinject_add_ptx target")
  endif()
  get_target_property(sources ${ARG_TARGET} PTXINJECT_SOURCES)
  if(NOT sources)
    message(FATAL_ERROR "ptxinject_check_goldens: ${ARG_TARGET} was not made by ptxinject_add_ptx")
  endif()
  if(NOT ARG_REWRITTEN AND NOT ARG_TABLES)
    message(FATAL_ERROR "ptxinject_check_goldens: give REWRITTEN dir, TABLES dir, or both")
  endif()
  if(NOT ARG_NAME)
    set(ARG_NAME ${ARG_TARGET})
  endif()
  get_target_property(archs ${ARG_TARGET} PTXINJECT_ARCHS)
  get_target_property(ptx_files ${ARG_TARGET} PTXINJECT_PTX_FILES)
  get_target_property(manifests ${ARG_TARGET} PTXINJECT_MANIFESTS)
  get_target_property(rewrite_options ${ARG_TARGET} PTXINJECT_REWRITE_OPTIONS)
  get_target_property(clang_flags ${ARG_TARGET} PTXINJECT_CLANG_FLAGS)
  foreach(var rewrite_options clang_flags)
    if(NOT ${var})
      set(${var} "")
    endif()
  endforeach()
  _ptxinject_find_tools(rewrite nvcc)
  if(ARG_TABLES)
    if(TARGET PtxInject::ptxinject)
      set(ptxinject "$<TARGET_FILE:PtxInject::ptxinject>")
    else()
      find_program(PTXINJECT_EXECUTABLE ptxinject)
      if(NOT PTXINJECT_EXECUTABLE)
        message(FATAL_ERROR "ptxinject_check_goldens: the ptxinject tool was not "
          "found; find_package(PtxInject) or set PTXINJECT_EXECUTABLE")
      endif()
      set(ptxinject "${PTXINJECT_EXECUTABLE}")
    endif()
  endif()
  foreach(dir_var ARG_REWRITTEN ARG_TABLES)
    if(${dir_var})
      get_filename_component(${dir_var} "${${dir_var}}" ABSOLUTE)
    endif()
  endforeach()

  list(LENGTH sources count)
  list(REMOVE_DUPLICATES archs)
  list(LENGTH archs arch_count)
  math(EXPR last "${count} - 1")
  foreach(i RANGE ${last})
    list(GET sources ${i} src)
    list(GET archs ${i} arch)
    list(GET ptx_files ${i} ptx)
    list(GET manifests ${i} manifest)
    get_filename_component(name "${src}" NAME_WE)
    if(arch_count GREATER 1)
      string(APPEND name ".${arch}")
    endif()
    if(ARG_REWRITTEN)
      add_test(NAME ${ARG_NAME}.rewrite.${name}
        COMMAND "${rewrite}" "${src}" --check "${ARG_REWRITTEN}/${name}.rewritten.cu"
                ${rewrite_options} -- "--cuda-gpu-arch=${arch}" ${clang_flags}
        COMMAND_EXPAND_LISTS)
    endif()
    if(ARG_TABLES)
      add_test(NAME ${ARG_NAME}.injects.${name}
        COMMAND "${ptxinject}" inspect --check "${ARG_TABLES}/${name}.injects.json"
                "${ptx}" --manifest "${manifest}")
    endif()
  endforeach()
endfunction()
