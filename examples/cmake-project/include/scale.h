// The kernel's scale factor, in a header found through a usage requirement
// (scale_settings' include directory). EXAMPLE_OFFSET comes from its
// compile definitions.
#pragma once
#define EXAMPLE_SCALE 2.0f
