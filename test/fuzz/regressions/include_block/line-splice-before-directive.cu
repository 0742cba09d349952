#pragma once
\
#include "linclude "loh"
#iT
uI
