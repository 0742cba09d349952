// Each form above, through %strip-comments; and FileCheck of another file's
// rewrite, which holds none of this file's CHECK lines.
// DEFINE: %{rw} = %ptxinject-rewrite --no-pch-cache
// RUN: %{rw} %s -- -DX | %strip-comments | FileCheck %s
// RUN: %ptxinject-rewrite %s -o %t.cu
// RUN: %strip-comments %t.cu | FileCheck %s --check-prefix=SRC
// RUN: %strip-comments < %t.cu | FileCheck %s --check-prefix=SRC
// RUN: cp %s %t.in/a.cu
// RUN: %ptxinject-rewrite %t.in/a.cu --out-dir %t.dir
// RUN: %strip-comments %t.dir/a.cu | FileCheck %s
// RUN: %ptxinject-rewrite %S/other.cu | FileCheck %s --check-prefix=OTHER
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
