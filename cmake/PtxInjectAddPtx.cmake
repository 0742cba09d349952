# ptxinject_add_ptx: rewrite annotated CUDA sources with ptxinject-rewrite and
# compile them to PTX with nvcc at build time; reruns when a source, an extra
# dependency or the rewriter changes.
#
#   ptxinject_add_ptx(TARGET kernels
#                     SOURCES kernel.cu other.cu
#                     [ARCH sm_80]                 # default sm_80
#                     [INCLUDE_DIRECTORIES dir...] [DEFINES NAME=VALUE...]
#                     [TYPES types.json]           # extra operand types
#                     [NVCC_FLAGS flag...] [REWRITE_FLAGS flag...]
#                     [DEPENDS file...]            # e.g. headers the sources include
#                     [OUTPUT_DIR dir])            # default <binary dir>/ptxinject/<target>
#
# Creates the custom target TARGET (built by default). For each SOURCE the
# outputs are <name>.rewritten.cu, <name>.sites.json (the site manifest) and
# <name>.ptx; the target's properties PTXINJECT_PTX_FILES and
# PTXINJECT_MANIFESTS list them. The rewriter is the in-project target
# `ptxinject-rewrite` when there is one, else PTXINJECT_REWRITE_EXECUTABLE.

set(_PTXINJECT_ADD_PTX_DIR "${CMAKE_CURRENT_LIST_DIR}")

function(ptxinject_add_ptx)
  cmake_parse_arguments(ARG "" "TARGET;ARCH;TYPES;OUTPUT_DIR"
    "SOURCES;INCLUDE_DIRECTORIES;DEFINES;NVCC_FLAGS;REWRITE_FLAGS;DEPENDS" ${ARGN})
  if(NOT ARG_TARGET OR NOT ARG_SOURCES)
    message(FATAL_ERROR "ptxinject_add_ptx: TARGET and SOURCES are required")
  endif()
  if(NOT ARG_ARCH)
    set(ARG_ARCH sm_80)
  endif()
  if(NOT ARG_OUTPUT_DIR)
    set(ARG_OUTPUT_DIR "${CMAKE_CURRENT_BINARY_DIR}/ptxinject/${ARG_TARGET}")
  endif()

  if(TARGET ptxinject-rewrite)
    set(rewrite "$<TARGET_FILE:ptxinject-rewrite>")
    set(rewrite_dep ptxinject-rewrite)
  else()
    find_program(PTXINJECT_REWRITE_EXECUTABLE ptxinject-rewrite)
    if(NOT PTXINJECT_REWRITE_EXECUTABLE)
      message(FATAL_ERROR "ptxinject_add_ptx: ptxinject-rewrite not found; "
        "install PTX Inject or set PTXINJECT_REWRITE_EXECUTABLE")
    endif()
    set(rewrite "${PTXINJECT_REWRITE_EXECUTABLE}")
    set(rewrite_dep "${PTXINJECT_REWRITE_EXECUTABLE}")
  endif()

  if(CUDAToolkit_NVCC_EXECUTABLE)
    set(nvcc "${CUDAToolkit_NVCC_EXECUTABLE}")
  else()
    find_program(PTXINJECT_NVCC_EXECUTABLE nvcc HINTS /usr/local/cuda/bin ENV CUDA_PATH
                 PATH_SUFFIXES bin)
    if(NOT PTXINJECT_NVCC_EXECUTABLE)
      message(FATAL_ERROR "ptxinject_add_ptx: nvcc not found; set PTXINJECT_NVCC_EXECUTABLE")
    endif()
    set(nvcc "${PTXINJECT_NVCC_EXECUTABLE}")
  endif()

  # ptx_inject.h: the source tree's, or the installed one next to this file.
  if(NOT PTXINJECT_INCLUDE_DIR)
    foreach(candidate "${_PTXINJECT_ADD_PTX_DIR}/../runtime/include"
                      "${_PTXINJECT_ADD_PTX_DIR}/../../../include")
      if(EXISTS "${candidate}/ptx_inject.h")
        get_filename_component(PTXINJECT_INCLUDE_DIR "${candidate}" ABSOLUTE)
        break()
      endif()
    endforeach()
  endif()

  set(flags "")
  foreach(dir ${ARG_INCLUDE_DIRECTORIES})
    get_filename_component(dir "${dir}" ABSOLUTE)
    list(APPEND flags "-I${dir}")
  endforeach()
  foreach(def ${ARG_DEFINES})
    list(APPEND flags "-D${def}")
  endforeach()
  set(types_args "")
  set(types_dep "")
  if(ARG_TYPES)
    get_filename_component(types "${ARG_TYPES}" ABSOLUTE)
    set(types_args --types "${types}")
    set(types_dep "${types}")
  endif()

  file(MAKE_DIRECTORY "${ARG_OUTPUT_DIR}")
  set(ptx_files "")
  set(manifests "")
  foreach(src ${ARG_SOURCES})
    get_filename_component(src "${src}" ABSOLUTE)
    get_filename_component(name "${src}" NAME_WE)
    get_filename_component(src_dir "${src}" DIRECTORY)
    set(rewritten "${ARG_OUTPUT_DIR}/${name}.rewritten.cu")
    set(manifest "${ARG_OUTPUT_DIR}/${name}.sites.json")
    set(ptx "${ARG_OUTPUT_DIR}/${name}.ptx")
    add_custom_command(
      OUTPUT "${rewritten}" "${manifest}"
      COMMAND "${rewrite}" "${src}" -o "${rewritten}" --manifest "${manifest}"
              ${types_args} ${ARG_REWRITE_FLAGS}
              -- "--cuda-gpu-arch=${ARG_ARCH}" ${flags}
      DEPENDS "${src}" ${rewrite_dep} ${types_dep} ${ARG_DEPENDS}
      COMMENT "Rewriting PTX_INJECT sites of ${name}.cu"
      VERBATIM)
    # The rewritten file lives in the build tree: its quoted includes still
    # resolve against the original source's folder.
    set(nvcc_includes "-I${src_dir}")
    if(PTXINJECT_INCLUDE_DIR)
      list(APPEND nvcc_includes "-I${PTXINJECT_INCLUDE_DIR}")
    endif()
    add_custom_command(
      OUTPUT "${ptx}"
      COMMAND "${nvcc}" -ptx "-arch=${ARG_ARCH}" ${nvcc_includes} ${flags}
              ${ARG_NVCC_FLAGS} "${rewritten}" -o "${ptx}"
      DEPENDS "${rewritten}" ${ARG_DEPENDS}
      COMMENT "Compiling ${name}.cu to PTX (${ARG_ARCH})"
      VERBATIM)
    list(APPEND ptx_files "${ptx}")
    list(APPEND manifests "${manifest}")
  endforeach()

  add_custom_target(${ARG_TARGET} ALL DEPENDS ${ptx_files})
  set_target_properties(${ARG_TARGET} PROPERTIES
    PTXINJECT_PTX_FILES "${ptx_files}"
    PTXINJECT_MANIFESTS "${manifests}")
endfunction()
