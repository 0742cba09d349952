// A user header without sites.
#pragma once
inline int helper() { return 1; }
