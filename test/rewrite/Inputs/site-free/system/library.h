// A library header on the system path: its PTX_INJECT spelling is not
// the input's site.
#pragma once
#define LIBRARY_USES_PTX_INJECT 1
