// --check GOLDEN: the rewrite is compared with a committed rewritten file and
// nothing is written. Equal: exit 0, silent. Different: exit 1 and a unified
// diff (golden to fresh) on stdout. Errors (golden unreadable, source that
// does not compile, -o beside --check): exit 2.
// REQUIRES: rewriter
// RUN: rm -rf %t && mkdir -p %t
// RUN: %ptxinject-rewrite %s -o %t/golden.cu
// RUN: %python %S/../../utils/lit/expect_exit.py 0 %ptxinject-rewrite %s --check %t/golden.cu > %t/equal.out
// RUN: count 0 < %t/equal.out
// A stale golden: the committed file still has the site's old label.
// RUN: sed 's/"\/\/ _x1 i f32 F32 x\\n/"\/\/ _x1 i f32 F32 old_x\\n/' %t/golden.cu > %t/stale.cu
// RUN: cp %t/stale.cu %t/stale.before
// RUN: %python %S/../../utils/lit/expect_exit.py 1 %ptxinject-rewrite %s --check %t/stale.cu | FileCheck %s --check-prefix=DIFF
// RUN: cmp %t/stale.cu %t/stale.before
// RUN: %python %S/../../utils/lit/expect_exit.py 2 %ptxinject-rewrite %s --check %t/absent.cu 2>&1 | FileCheck %s --check-prefix=ABSENT
// RUN: %python %S/../../utils/lit/expect_exit.py 2 %ptxinject-rewrite %s --check %t/golden.cu -o %t/out.cu 2>&1 | FileCheck %s --check-prefix=WRITES
// RUN: test ! -e %t/out.cu
// RUN: %python %S/../../utils/lit/expect_exit.py 2 %ptxinject-rewrite %s --check %t/golden.cu -- -DBREAK 2> %t/break.err
// RUN: FileCheck %s --check-prefix=BREAK < %t/break.err

#include <ptx_inject.h>

__global__ void kernel(float *data) {
  float x = data[0], y;
#ifdef BREAK
  undeclared_name = 1;
#endif
  PTX_INJECT("scale", PTX_IN(x), PTX_OUT(y));
  data[1] = y;
}

// DIFF: --- {{.*}}stale.cu
// DIFF-NEXT: +++ {{.*}}check-golden.cu (rewritten)
// DIFF-NEXT: @@ -{{[0-9]+}},7 +{{[0-9]+}},7 @@
// DIFF:      -{{.*}}"// _x1 i f32 F32 old_x{{\\n}}
// DIFF-NEXT: +{{.*}}"// _x1 i f32 F32 x{{\\n}}
// (the sed above cannot match these lines: the regex spells the newline)
// DIFF-NOT: {{^[-+]}}

// ABSENT: absent.cu: error: cannot read the golden file

// WRITES: error: --check takes one input and writes nothing (no -o, --out-dir or --manifest)

// BREAK: error: use of undeclared identifier 'undeclared_name'
