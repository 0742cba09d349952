# Turns Stack PTX JSON descriptions into C/C++ headers and embedded sources.
#
#   stack_ptx_generate_headers(<target> JSON <file> OUTPUT_DIR <dir> [PREFIX <name>])
#     Generates <dir>/<name>.h (C macros), <dir>/<name>.hpp (C++ constexpr)
#     and <dir>/ast_ptx_fast_instructions.h (native names), plus the reference
#     library's layouts <dir>/generated/stack_ptx_descriptions.h and
#     <dir>/ast_ptx_instructions.h, from <file> whenever it changes, and
#     adds an INTERFACE library <target> whose include path is <dir>.
#   stack_ptx_embed_description(<json> <output.cpp>)
#     Writes a source defining the description text the library falls back on.
include_guard(GLOBAL)
find_package(Python3 REQUIRED COMPONENTS Interpreter)
set(STACK_PTX_GENERATOR "${CMAKE_CURRENT_LIST_DIR}/../utils/gen_stack_ptx_header.py"
    CACHE INTERNAL "Stack PTX header generator")

function(stack_ptx_generate_headers target)
  cmake_parse_arguments(ARG "" "JSON;OUTPUT_DIR;PREFIX" "" ${ARGN})
  if(NOT ARG_PREFIX)
    set(ARG_PREFIX stack_ptx_fast_generated_descriptions)
  endif()
  get_filename_component(json "${ARG_JSON}" ABSOLUTE)
  set(outputs "${ARG_OUTPUT_DIR}/${ARG_PREFIX}.h" "${ARG_OUTPUT_DIR}/${ARG_PREFIX}.hpp"
              "${ARG_OUTPUT_DIR}/ast_ptx_fast_instructions.h"
              "${ARG_OUTPUT_DIR}/generated/stack_ptx_descriptions.h"
              "${ARG_OUTPUT_DIR}/ast_ptx_instructions.h")
  add_custom_command(
    OUTPUT ${outputs}
    COMMAND ${CMAKE_COMMAND} -E make_directory "${ARG_OUTPUT_DIR}"
    COMMAND ${Python3_EXECUTABLE} "${STACK_PTX_GENERATOR}" --input "${json}"
            --output "${ARG_OUTPUT_DIR}/${ARG_PREFIX}.h" --lang c
    COMMAND ${Python3_EXECUTABLE} "${STACK_PTX_GENERATOR}" --input "${json}"
            --output "${ARG_OUTPUT_DIR}/${ARG_PREFIX}.hpp" --lang cpp
    COMMAND ${Python3_EXECUTABLE} "${STACK_PTX_GENERATOR}" --input "${json}"
            --output "${ARG_OUTPUT_DIR}/ast_ptx_fast_instructions.h" --lang ast
    COMMAND ${CMAKE_COMMAND} -E make_directory "${ARG_OUTPUT_DIR}/generated"
    COMMAND ${Python3_EXECUTABLE} "${STACK_PTX_GENERATOR}" --input "${json}"
            --output "${ARG_OUTPUT_DIR}/generated/stack_ptx_descriptions.h" --lang ref
    COMMAND ${Python3_EXECUTABLE} "${STACK_PTX_GENERATOR}" --input "${json}"
            --output "${ARG_OUTPUT_DIR}/ast_ptx_instructions.h" --lang ast-ref
    DEPENDS "${json}" "${STACK_PTX_GENERATOR}"
    COMMENT "Generating Stack PTX headers from ${json}"
    VERBATIM)
  add_custom_target(${target}_headers DEPENDS ${outputs})
  add_library(${target} INTERFACE)
  add_dependencies(${target} ${target}_headers)
  target_include_directories(${target} INTERFACE "${ARG_OUTPUT_DIR}")
endfunction()

function(stack_ptx_embed_description json output)
  get_filename_component(json "${json}" ABSOLUTE)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${json}")
  file(READ "${json}" text)
  set(content "// Generated from ${json}; edit that file instead.\nnamespace ptxinject { namespace stackptx {\nextern const char BuiltinDescriptionJson[];\nconst char BuiltinDescriptionJson[] = R\"stackptxjson(${text})stackptxjson\";\n} }\n")
  file(CONFIGURE OUTPUT "${output}" CONTENT "${content}" @ONLY)
endfunction()
