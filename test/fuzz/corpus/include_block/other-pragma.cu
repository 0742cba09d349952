#include <a.h>
#pragma nv_diag_suppress 20
#include <b.h>
int x;
