// Shared by the example kernel: a quoted include the build must still find.
#pragma once
#define EXAMPLE_SCALE 2.0f
