// A program with its own std::move and std::initializer_list. NVRTC
// declares both itself, so it accepts the program only with
// --builtin-move-forward=false --builtin-initializer-list=false. It names
// PTX_INJECT so that the rewriter parses it (SiteFreeSource.h).
namespace std {
template <class T> struct remove_reference { typedef T type; };
template <class T> struct remove_reference<T &> { typedef T type; };
template <class T> struct remove_reference<T &&> { typedef T type; };
template <class T>
constexpr typename remove_reference<T>::type &&move(T &&t) noexcept {
  return static_cast<typename remove_reference<T>::type &&>(t);
}
template <class E> class initializer_list {
  const E *b;
  decltype(sizeof(0)) n;

public:
  constexpr const E *begin() const noexcept { return b; }
  constexpr const E *end() const noexcept { return b + n; }
};
} // namespace std

__global__ void own(int *out) { out[0] = std::move(out[1]); }
