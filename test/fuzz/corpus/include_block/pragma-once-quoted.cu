#pragma once
#include "local.h"
#if FAST
#include <fast.h>
#else
#include <slow.h>
#endif
#pragma once
int x;
