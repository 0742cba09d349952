# One folder, one library, as LLVM's tree has it: each library names the
# project libraries it uses, and nothing else reaches it. The graph they make
# is written to <build>/layers.txt, which utils/check-layers (a test) holds
# against the graph docs/design.md draws and against every #include of each
# folder: a folder that includes a header of a library its declared
# dependencies do not reach, or a graph the docs do not show, fails it.
#
#   ptxinject_add_library(NAME FOLDER dir HEADERS dir [INTERNAL]
#                         SOURCES ... [DEPENDS lib ...] [PRIVATE ...])
# FOLDER: the sources' folder (relative to the current one); HEADERS: the
# include root its public headers live under; DEPENDS: project libraries it
# uses (public); PRIVATE: other link dependencies; INTERNAL: a static library
# of the front end, never installed.

set_property(GLOBAL PROPERTY PTXINJECT_LAYERS "")

function(ptxinject_add_library name)
  cmake_parse_arguments(ARG "INTERNAL" "FOLDER;HEADERS" "SOURCES;DEPENDS;PRIVATE" ${ARGN})
  if(ARG_INTERNAL)
    add_library(${name} STATIC ${ARG_SOURCES})
  else()
    add_library(${name} ${ARG_SOURCES})
  endif()
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  # A failure dropped unread (Error and Expected are [[nodiscard]]) does not
  # build: the library's error model is checked, not hoped for.
  target_compile_options(${name} PRIVATE
    $<$<OR:$<CXX_COMPILER_ID:GNU>,$<CXX_COMPILER_ID:Clang>>:-Werror=unused-result>)
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${ARG_HEADERS}> $<INSTALL_INTERFACE:include>)
  target_compile_features(${name} PUBLIC cxx_std_17)
  if(ARG_DEPENDS)
    target_link_libraries(${name} PUBLIC ${ARG_DEPENDS})
  endif()
  if(ARG_PRIVATE)
    target_link_libraries(${name} PRIVATE ${ARG_PRIVATE})
  endif()
  string(REPLACE "ptxinject_" "" short ${name})
  set_target_properties(${name} PROPERTIES EXPORT_NAME ${short})
  add_library(PtxInject::${short} ALIAS ${name})
  if(NOT ARG_INTERNAL)
    install(TARGETS ${name} EXPORT PtxInjectTargets
      LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
      ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
  endif()
  file(RELATIVE_PATH folder ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/${ARG_FOLDER})
  file(RELATIVE_PATH headers ${PROJECT_SOURCE_DIR} ${ARG_HEADERS})
  string(JOIN "," deps ${ARG_DEPENDS})
  set_property(GLOBAL APPEND PROPERTY PTXINJECT_LAYERS "${name} ${folder} ${headers} ${deps}")
endfunction()

# Writes the graph: a line per library, "NAME FOLDER HEADERS DEP,DEP".
function(ptxinject_write_layers path)
  get_property(layers GLOBAL PROPERTY PTXINJECT_LAYERS)
  list(SORT layers)
  string(JOIN "\n" text ${layers})
  file(WRITE ${path} "${text}\n")
endfunction()
