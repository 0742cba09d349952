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
  if(PTXINJECT_CLANG_STATIC)
    target_link_libraries(${target} PRIVATE ptxinject_clang_static)
  else()
    target_link_libraries(${target} PRIVATE clang-cpp LLVM)
  endif()
endfunction()

# Clang and LLVM's static libraries instead of the two shared ones, for a
# Python wheel whose ptxinject._rewrite must load where no LLVM 19 is
# installed (utils/build-wheel). A plugin must never link them (Clang's own
# copy of LLVM is already in the process: options register twice), so the
# plugin is not built then. Only the archive members the rewriter reaches
# are linked; their symbols stay inside the module that links them.
option(PTXINJECT_CLANG_STATIC
  "Link Clang/LLVM 19 statically into the front end's users (the Python wheel); the plugin is not built" OFF)
if(PTXINJECT_CLANG_STATIC AND NOT TARGET ptxinject_clang_static)
  set(_clang_libs Tooling ToolingCore ToolingInclusions ToolingInclusionsStdlib Frontend Driver
    Serialization Parse Sema Analysis Edit ASTMatchers AST Lex Basic Rewrite APINotes Support)
  set(_static "")
  foreach(_lib ${_clang_libs})
    list(APPEND _static "${LLVM_LIBRARY_DIR}/libclang${_lib}.a")
  endforeach()
  # Every LLVM component library: the linker takes only the members
  # referenced, so listing them all costs link time, not size.
  file(GLOB _llvm_libs "${LLVM_LIBRARY_DIR}/libLLVM*.a")
  list(FILTER _llvm_libs EXCLUDE REGEX "(TableGen|Testing|Exegesis|Fuzz|gtest|LineEditor)")
  list(APPEND _static ${_llvm_libs})
  add_library(ptxinject_clang_static INTERFACE)
  # LLVM's compression (precompiled headers) calls zlib and zstd: their
  # static libraries where installed, else the shared ones (Debian ships
  # libzstd.so.1 alone without libzstd-dev), which auditwheel then vendors.
  find_package(ZLIB)
  find_library(PTXINJECT_ZSTD_LIBRARY NAMES libzstd.a zstd libzstd.so.1)
  set(_compression "")
  if(ZLIB_FOUND)
    list(APPEND _compression ZLIB::ZLIB)
  endif()
  if(PTXINJECT_ZSTD_LIBRARY)
    list(APPEND _compression ${PTXINJECT_ZSTD_LIBRARY})
  endif()
  target_link_libraries(ptxinject_clang_static INTERFACE
    "$<LINK_GROUP:RESCAN,${_static}>" ${_compression} ${CMAKE_DL_LIBS} pthread)
  target_link_options(ptxinject_clang_static INTERFACE
    LINKER:--exclude-libs,ALL LINKER:--gc-sections)
endif()
