// The form comment-form-name-escapes.cu had: the rewrite written with -o,
// then read by FileCheck %s, CHECK lines and all.
// RUN: %ptxinject-rewrite %s -o %t.cu
// RUN: FileCheck %s --check-prefix=SRC < %t.cu
// RUN: %if nvcc %{ %nvcc-ptx %t.cu -o %t.ptx %}
// RUN: %if nvcc %{ %ptxinject inspect %t.ptx | FileCheck %s --check-prefix=TABLE %}
