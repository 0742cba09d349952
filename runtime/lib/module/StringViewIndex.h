//===- StringViewIndex.h - Strings to dense indices ----------*- C++ -*-===//
//
// Private to the runtime: an open-addressing hash table from strings to the
// indices 0, 1, 2, ... in the order they were added. Keys are views into the
// module's own PTX text (inject names, operand blocks), so adding one
// allocates nothing and a module with thousands of injects parses in time
// linear in their number.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_RUNTIME_STRINGVIEWINDEX_H
#define PTXINJECT_RUNTIME_STRINGVIEWINDEX_H

#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

namespace ptxinject::module {

class StringViewIndex {
public:
  static constexpr uint32_t NotFound = UINT32_MAX;

  /// Index of Key, or NotFound.
  uint32_t find(std::string_view Key) const {
    if (Slots.empty())
      return NotFound;
    uint32_t Hash = hashKey(Key);
    for (size_t I = Hash & Mask;; I = (I + 1) & Mask) {
      const Slot &S = Slots[I];
      if (S.IndexPlusOne == 0)
        return NotFound;
      if (S.Hash == Hash && Keys[S.IndexPlusOne - 1] == Key)
        return S.IndexPlusOne - 1;
    }
  }

  /// Adds Key as the next index (0, 1, 2, ...); Key must not be present
  /// and must outlive the index.
  uint32_t add(std::string_view Key) {
    uint32_t Index = static_cast<uint32_t>(Keys.size());
    Keys.push_back(Key);
    // At most half full, so probes stay short and find() always stops.
    if (Keys.size() * 2 > Slots.size())
      rehash(Slots.empty() ? 16 : Slots.size() * 2);
    else
      place(hashKey(Key), Index);
    return Index;
  }

  size_t size() const { return Keys.size(); }

private:
  struct Slot {
    uint32_t Hash = 0;
    uint32_t IndexPlusOne = 0; ///< 0 marks an empty slot
  };
  std::vector<Slot> Slots;            ///< size is a power of two
  std::vector<std::string_view> Keys; ///< by index
  size_t Mask = 0;

  /// Eight bytes per step with a multiply-xorshift mix: keys are short,
  /// so this costs a few nanoseconds and spreads sequential names well.
  /// Tails are read with whole (overlapping) loads, never byte by byte: a
  /// word assembled from byte stores stalls the load that reads it back.
  static uint32_t hashKey(std::string_view Key) {
    const char *P = Key.data();
    size_t N = Key.size();
    uint64_t H = 0x9E3779B97F4A7C15ull ^ N;
    auto Mix = [&H](uint64_t W) {
      H = (H ^ W) * 0xBF58476D1CE4E5B9ull;
      H ^= H >> 31;
    };
    auto Load64 = [](const char *At) {
      uint64_t W;
      std::memcpy(&W, At, 8);
      return W;
    };
    auto Load32 = [](const char *At) {
      uint32_t W;
      std::memcpy(&W, At, 4);
      return static_cast<uint64_t>(W);
    };
    if (N >= 8) {
      const char *Last = P + N - 8;
      for (; P < Last; P += 8)
        Mix(Load64(P));
      Mix(Load64(Last));
    } else if (N >= 4) {
      Mix(Load32(P) | (Load32(P + N - 4) << 32));
    } else if (N > 0) {
      auto Byte = [P](size_t I) {
        return static_cast<uint64_t>(static_cast<unsigned char>(P[I]));
      };
      Mix(Byte(0) | (Byte(N / 2) << 8) | (Byte(N - 1) << 16));
    }
    H *= 0x94D049BB133111EBull;
    return static_cast<uint32_t>(H ^ (H >> 32));
  }

  void place(uint32_t Hash, uint32_t Index) {
    size_t I = Hash & Mask;
    while (Slots[I].IndexPlusOne != 0)
      I = (I + 1) & Mask;
    Slots[I] = {Hash, Index + 1};
  }

  void rehash(size_t NewSize) {
    Slots.assign(NewSize, Slot());
    Mask = NewSize - 1;
    for (size_t I = 0; I < Keys.size(); ++I)
      place(hashKey(Keys[I]), static_cast<uint32_t>(I));
  }
};

} // namespace ptxinject::module

#endif
