// The forms options.cu had: the rewrite of the file itself (-o), and of
// copies of it written to --out-dir. A failing run (`not`) writes no rewrite,
// and its diagnostics may go to FileCheck %s as they are.
// RUN: %ptxinject-rewrite %s -o %t.default.cu --manifest %t.json
// RUN: FileCheck %s --check-prefix=VOLATILE < %t.default.cu
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
// RUN: rm -rf %t.dir && mkdir -p %t.in
// RUN: cp %s %t.in/a.cu && cp %s %t.in/b.cu
// RUN: %ptxinject-rewrite %t.in/a.cu %t.in/b.cu --out-dir %t.dir
// RUN: FileCheck %s --check-prefix=VOLATILE < %t.dir/a.cu
// RUN: not %ptxinject-rewrite %s --types %t.bad.json 2>&1 | FileCheck %s --check-prefix=BADTYPES
