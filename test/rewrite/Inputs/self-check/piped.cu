// A rewrite on standard output, and one read back with cat.
// DEFINE: %{rw} = %ptxinject-rewrite --no-pch-cache
// RUN: %{rw} %s -- -DX | FileCheck %s
// RUN: %ptxinject-rewrite %s > %t.cu
// RUN: cat %t.cu | FileCheck %s --check-prefix=CAT
