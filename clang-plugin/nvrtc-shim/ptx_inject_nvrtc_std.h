/* What NVRTC declares in namespace std without any header: std::move,
 * std::forward and std::initializer_list (CUDA's cuda_fp16.h relies on the
 * first), each unless NVRTC is told not to (--builtin-move-forward=false,
 * --builtin-initializer-list=false: NVRTC then leaves
 * __NV_BUILTIN_MOVE_FORWARD or __NV_BUILTIN_INITIALIZER_LIST undefined).
 * ptxinject-rewrite --nvrtc declares them so, and nothing else of the
 * standard library: a source that defines its own std::is_same parses as it
 * does under NVRTC. */
#ifndef PTX_INJECT_NVRTC_STD_H
#define PTX_INJECT_NVRTC_STD_H
#ifdef __NV_BUILTIN_MOVE_FORWARD
namespace std {
template <class T> struct __ptx_inject_unref {
  typedef T type;
};
template <class T> struct __ptx_inject_unref<T &> {
  typedef T type;
};
template <class T> struct __ptx_inject_unref<T &&> {
  typedef T type;
};
template <class T>
constexpr T &&forward(typename __ptx_inject_unref<T>::type &t) noexcept {
  return static_cast<T &&>(t);
}
template <class T>
constexpr T &&forward(typename __ptx_inject_unref<T>::type &&t) noexcept {
  return static_cast<T &&>(t);
}
template <class T>
constexpr typename __ptx_inject_unref<T>::type &&move(T &&t) noexcept {
  return static_cast<typename __ptx_inject_unref<T>::type &&>(t);
}
} // namespace std
#endif
#ifdef __NV_BUILTIN_INITIALIZER_LIST
namespace std {
template <class E> class initializer_list {
  const E *first_;
  decltype(sizeof(0)) size_;
  constexpr initializer_list(const E *f, decltype(sizeof(0)) n)
      : first_(f), size_(n) {}

public:
  constexpr initializer_list() noexcept : first_(nullptr), size_(0) {}
  constexpr decltype(sizeof(0)) size() const noexcept { return size_; }
  constexpr const E *begin() const noexcept { return first_; }
  constexpr const E *end() const noexcept { return first_ + size_; }
};
} // namespace std
#endif /* __NV_BUILTIN_INITIALIZER_LIST */
#endif
