/*===- NvPtxCompilerLibrary.c - nvPTXCompiler as a shared library ----------===
 *
 * NVIDIA ships nvPTXCompiler as a static archive only. The build links it
 * into libptxinject_nvptxcompiler, whose only exports are the nvPTXCompiler
 * entry points (see NvPtxCompilerLibrary.map and the --undefined options in
 * CMakeLists.txt): a program linking the installed ptxinject_cubin then needs
 * no copy of the archive. This file gives the library a source of its own.
 *
 *===----------------------------------------------------------------------===*/
int ptxinject_nvptxcompiler_library;
