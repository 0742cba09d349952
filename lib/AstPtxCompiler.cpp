// AstPtxCompiler: being written.
