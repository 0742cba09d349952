# Installs the tools, libraries, headers and the packages users find:
#   find_package(PtxInject CONFIG)  -> PtxInject::core, ::runtime, ::cubin,
#     ::nvptxcompiler, ::rewrite, ::ptxinject, ::plugin, ptxinject_add_ptx()
#     and the reference's mm_add_stack_ptx_header()
#   pkg-config ptxinject / ptxinject-cubin  -> the same libraries for C and
#     non-CMake users.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)
set(PTXINJECT_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/PtxInject)

install(DIRECTORY runtime/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY lib/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_BINARY_DIR}/generated/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY clang-plugin/cuda-shim/ DESTINATION ${CMAKE_INSTALL_DATADIR}/ptxinject/cuda-shim)
install(DIRECTORY clang-plugin/nvrtc-shim/ DESTINATION ${CMAKE_INSTALL_DATADIR}/ptxinject/nvrtc-shim)
install(FILES data/ptx_inject_default_types.json data/stack_ptx_descriptions.json
        DESTINATION ${CMAKE_INSTALL_DATADIR}/ptxinject)
# The generator behind mm_add_stack_ptx_header (PtxInjectStackPtxHeader.cmake).
set(PTXINJECT_INSTALL_GENERATOR ${CMAKE_INSTALL_DATADIR}/ptxinject/gen_stack_ptx_header.py)
install(PROGRAMS utils/gen_stack_ptx_header.py DESTINATION ${CMAKE_INSTALL_DATADIR}/ptxinject)

# CMake package.
install(EXPORT PtxInjectTargets NAMESPACE PtxInject::
        FILE PtxInjectTargets.cmake DESTINATION ${PTXINJECT_CMAKE_INSTALL_DIR})
configure_package_config_file(cmake/PtxInjectConfig.cmake.in
  ${PROJECT_BINARY_DIR}/PtxInjectConfig.cmake
  INSTALL_DESTINATION ${PTXINJECT_CMAKE_INSTALL_DIR}
  PATH_VARS PTXINJECT_INSTALL_GENERATOR)
# 0.x: a minor release may change the API, so only the same minor version matches.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/PtxInjectConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/PtxInjectConfig.cmake
              ${PROJECT_BINARY_DIR}/PtxInjectConfigVersion.cmake
              cmake/PtxInjectAddPtx.cmake cmake/PtxInjectEmbed.cmake
              cmake/PtxInjectCheckGoldens.cmake cmake/PtxInjectStackPtxHeader.cmake
        DESTINATION ${PTXINJECT_CMAKE_INSTALL_DIR})

# pkg-config. Static archives cannot name their dependencies, so the C++
# runtime goes on the Libs line; shared libraries carry it themselves.
if(BUILD_SHARED_LIBS)
  set(PTXINJECT_PC_LIBS "")
  set(PTXINJECT_PC_LIBS_PRIVATE "-lstdc++ -lpthread -lm")
else()
  set(PTXINJECT_PC_LIBS " -lstdc++ -lpthread -lm")
  set(PTXINJECT_PC_LIBS_PRIVATE "")
endif()
# The runtime's and the core's libraries, a folder each, in link order.
set(PTXINJECT_PC_RUNTIME_LIBS "")
foreach(lib IN LISTS PTXINJECT_RUNTIME_LINK_ORDER PTXINJECT_CORE_LINK_ORDER)
  string(APPEND PTXINJECT_PC_RUNTIME_LIBS " -lptxinject_${lib}")
endforeach()
set(PTXINJECT_PC_CUBIN_LIBS "")
if(TARGET ptxinject_nvptxcompiler)
  string(APPEND PTXINJECT_PC_CUBIN_LIBS " -lptxinject_nvptxcompiler")
endif()
# nvJitLink is loaded with dlopen (older C libraries keep it in libdl).
foreach(dl IN LISTS CMAKE_DL_LIBS)
  string(APPEND PTXINJECT_PC_CUBIN_LIBS " -l${dl}")
endforeach()
# The prefix relative to the .pc file: the package stays usable when installed
# with `cmake --install --prefix` somewhere else than configured.
file(RELATIVE_PATH PTXINJECT_PC_PREFIX "/prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/prefix")
string(REGEX REPLACE "/$" "" PTXINJECT_PC_PREFIX "${PTXINJECT_PC_PREFIX}")
foreach(pc ptxinject ptxinject-cubin)
  configure_file(cmake/${pc}.pc.in ${PROJECT_BINARY_DIR}/${pc}.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/${pc}.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endforeach()
