# Installs the tools, libraries, headers and the CMake package users call.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)
install(DIRECTORY runtime/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY lib/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY clang-plugin/cuda-shim/ DESTINATION ${CMAKE_INSTALL_DATADIR}/ptxinject/cuda-shim)
install(DIRECTORY clang-plugin/nvrtc-shim/ DESTINATION ${CMAKE_INSTALL_DATADIR}/ptxinject/nvrtc-shim)
install(FILES data/ptx_inject_default_types.json data/stack_ptx_descriptions.json
        DESTINATION ${CMAKE_INSTALL_DATADIR}/ptxinject)
install(FILES cmake/PtxInjectAddPtx.cmake DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/PtxInject OPTIONAL)
