# Finds Debian's Clang/LLVM 19 and decides whether the front end can be built.
# Debian builds LLVM with LLVM_LINK_LLVM_DYLIB and CLANG_LINK_CLANG_DYLIB: we link the
# shared clang-cpp and LLVM libraries only, or a plugin registers options twice and aborts.
set(PTXINJECT_LLVM_ROOT "/usr/lib/llvm-19" CACHE PATH "Root of the LLVM 19 installation")
find_package(Clang CONFIG QUIET
  HINTS "${PTXINJECT_LLVM_ROOT}/lib/cmake/clang"
  PATHS "${PTXINJECT_LLVM_ROOT}/lib/cmake/clang")
if(Clang_FOUND AND NOT LLVM_VERSION_MAJOR EQUAL 19)
  message(STATUS "Clang ${LLVM_PACKAGE_VERSION} found, but the front end needs 19")
  set(Clang_FOUND OFF)
endif()
if(NOT Clang_FOUND)
  message(STATUS "Clang 19 not found (install clang-19 libclang-19-dev llvm-19-dev): front end disabled")
  set(PTXINJECT_ENABLE_CLANG OFF)
  return()
endif()
message(STATUS "Clang found: ${Clang_DIR} (LLVM ${LLVM_PACKAGE_VERSION})")
# Clang's own resource directory, so tools installed anywhere find its CUDA wrapper headers.
set(PTXINJECT_CLANG_RESOURCE_DIR "${LLVM_LIBRARY_DIR}/clang/${LLVM_VERSION_MAJOR}"
    CACHE PATH "Clang resource directory used by the front end")

function(ptxinject_link_clang target)
  target_include_directories(${target} SYSTEM PRIVATE ${LLVM_INCLUDE_DIRS} ${CLANG_INCLUDE_DIRS})
  target_compile_definitions(${target} PRIVATE ${LLVM_DEFINITIONS})
  if(NOT LLVM_ENABLE_RTTI)
    target_compile_options(${target} PRIVATE -fno-rtti)
  endif()
  target_link_libraries(${target} PRIVATE clang-cpp LLVM)
endfunction()
