/* The measure-and-allocate contract of ptx_inject_render_ptx, call by call,
 * written so that the same file builds against this project's runtime (link
 * the runtime libraries) and against the reference system's single header
 * (PTX_INJECT_IMPLEMENTATION below compiles it in). Every line it prints is
 * a fact a caller relies on: the measured size, what a buffer of each size
 * receives, the result codes and when *bytes_written_out is left alone.
 * test/compat/capi-buffer-contract.test pins our output;
 * utils/compat/capi-vs-reference diffs it against the reference's.
 * C99; no output depends on addresses or on the allocator.
 */
#define PTX_INJECT_IMPLEMENTATION
#include <ptx_inject.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Two injects in the reference's marker format: "scale" inlined twice (two
   sites), "bias" once. */
static const char Ptx[] =
    ".version 8.0\n"
    ".target sm_80\n"
    ".address_size 64\n"
    "\n"
    ".visible .entry k(\n"
    "\t.param .u64 k_param_0\n"
    ")\n"
    "{\n"
    "\t.reg .f32 %f<4>;\n"
    "\t{\n"
    "\t.reg .f32 %_x0;\n"
    "\tmov.f32 %_x0, %f1;\n"
    "\t// PTX_INJECT_START scale\n"
    "\t// _x0 m f32 F32 v\n"
    "\t// PTX_INJECT_END\n"
    "\tmov.f32 %f1, %_x0;\n"
    "\t}\n"
    "\t{\n"
    "\t.reg .f32 %_x0;\n"
    "\t.reg .f32 %_x1;\n"
    "\tmov.f32 %_x1, %f2;\n"
    "\t// PTX_INJECT_START bias\n"
    "\t// _x0 o f32 F32 y\n"
    "\t// _x1 i f32 F32 x\n"
    "\t// PTX_INJECT_END\n"
    "\tmov.f32 %f3, %_x0;\n"
    "\t}\n"
    "\t{\n"
    "\t.reg .f32 %_x0;\n"
    "\tmov.f32 %_x0, %f3;\n"
    "\t// PTX_INJECT_START scale\n"
    "\t// _x0 m f32 F32 v\n"
    "\t// PTX_INJECT_END\n"
    "\tmov.f32 %f3, %_x0;\n"
    "\t}\n"
    "\tret;\n"
    "}\n";

/* Stubs in inject-index order, found by name (the order is the runtime's). */
static const char *Stubs[2];
static PtxInjectHandle H;

#define UNTOUCHED ((size_t)0xC0FFEE)

static const char *name(PtxInjectResult R) { return ptx_inject_result_to_string(R); }

static void show_written(size_t W) {
  if (W == UNTOUCHED)
    printf(" written=untouched");
  else
    printf(" written=%zu", W);
}

/* Renders into a buffer of Size bytes (filled with 'Z' first; one guard byte
   after it must stay 'Z') and prints the result, *written, where the first
   NUL is and whether the bytes before it are the measured text's prefix. */
static void render_into(const char *What, size_t Size, const char *Full) {
  char *Buffer = malloc(Size + 1);
  memset(Buffer, 'Z', Size + 1);
  size_t W = UNTOUCHED;
  PtxInjectResult R = ptx_inject_render_ptx(H, Stubs, 2, Buffer, Size, &W);
  printf("%s (buffer %s):", What, Size == 0 ? "0" : "n");
  printf(" %s", name(R));
  show_written(W);
  const char *Nul = memchr(Buffer, '\0', Size);
  if (Nul) {
    size_t At = (size_t)(Nul - Buffer);
    printf(" nul-at=%s%s", At + 1 == Size ? "last" : "not-last",
           strncmp(Buffer, Full, At) == 0 ? " prefix-of-text" : " not-prefix");
    printf(" strlen=%zu", At);
  } else {
    printf(" nul=none%s", Size && Buffer[0] == 'Z' ? " untouched" : "");
  }
  printf(" guard=%s\n", Buffer[Size] == 'Z' ? "intact" : "overwritten");
  free(Buffer);
}

int main(void) {
  if (ptx_inject_create(&H, Ptx) != PTX_INJECT_SUCCESS) {
    printf("create failed\n");
    return 1;
  }
  size_t Scale = 0, Bias = 0, Sites = 0;
  ptx_inject_inject_info_by_name(H, "scale", &Scale, NULL, &Sites);
  ptx_inject_inject_info_by_name(H, "bias", &Bias, NULL, NULL);
  printf("scale sites: %zu\n", Sites);
  Stubs[Scale] = "mul.f32 %_x0, %_x0, 0f40000000;";
  Stubs[Bias] = "add.f32 %_x0, %_x1, 0f3F800000;";

  /* Measure. */
  size_t Need = UNTOUCHED;
  PtxInjectResult R = ptx_inject_render_ptx(H, Stubs, 2, NULL, 0, &Need);
  printf("measure: %s", name(R));
  show_written(Need);
  printf("\n");
  size_t Ignored = UNTOUCHED;
  R = ptx_inject_render_ptx(H, Stubs, 2, NULL, 12345, &Ignored);
  printf("measure ignores buffer_size: %s same=%s\n", name(R), Ignored == Need ? "yes" : "no");
  R = ptx_inject_render_ptx(H, Stubs, 2, NULL, 0, NULL);
  printf("measure, written_out NULL: %s\n", name(R));

  /* The text, from a buffer with plenty of room. */
  char *Full = malloc(Need + 64);
  size_t Length = UNTOUCHED;
  R = ptx_inject_render_ptx(H, Stubs, 2, Full, Need + 64, &Length);
  printf("roomy buffer: %s", name(R));
  show_written(Length);
  printf(" strlen=%zu\n", strlen(Full));
  printf("measured = written + 1: %s\n", Need == Length + 1 ? "yes" : "no");

  /* Exactly the measured size, one short, two short, 1 and 0 bytes. */
  render_into("measured size", Need, Full);
  render_into("measured - 1", Need - 1, Full);
  render_into("measured - 2", Need - 2, Full);
  render_into("one byte", 1, Full);
  render_into("zero bytes", 0, Full);
  R = ptx_inject_render_ptx(H, Stubs, 2, Full, Need, NULL);
  printf("render, written_out NULL: %s\n", name(R));

  /* Argument errors, in the order they are checked; *written is left alone. */
  size_t W = UNTOUCHED;
  const char *WithNull[2] = {Stubs[0], NULL};
  const char *Three[3] = {Stubs[0], Stubs[1], Stubs[1]};
  const char *NullInThree[3] = {Stubs[0], Stubs[1], NULL};
  R = ptx_inject_render_ptx(NULL, Stubs, 2, NULL, 0, &W);
  printf("NULL handle: %s", name(R));
  show_written(W);
  printf("\n");
  R = ptx_inject_render_ptx(H, NULL, 2, NULL, 0, &W);
  printf("NULL stubs array: %s", name(R));
  show_written(W);
  printf("\n");
  R = ptx_inject_render_ptx(H, NULL, 0, NULL, 0, &W);
  printf("NULL stubs array, count 0: %s", name(R));
  show_written(W);
  printf("\n");
  R = ptx_inject_render_ptx(H, WithNull, 2, NULL, 0, &W);
  printf("NULL stub entry, measuring: %s", name(R));
  show_written(W);
  printf("\n");
  R = ptx_inject_render_ptx(H, WithNull, 2, Full, Need, &W);
  printf("NULL stub entry, rendering: %s", name(R));
  show_written(W);
  printf("\n");
  R = ptx_inject_render_ptx(H, Stubs, 1, NULL, 0, &W);
  printf("one stub short: %s", name(R));
  show_written(W);
  printf("\n");
  R = ptx_inject_render_ptx(H, Three, 3, NULL, 0, &W);
  printf("one stub too many: %s", name(R));
  show_written(W);
  printf("\n");
  R = ptx_inject_render_ptx(H, NullInThree, 3, NULL, 0, &W);
  printf("NULL entry and wrong count: %s\n", name(R));

  /* The text around a stub: each marker block becomes the stub and the
     block's line end, whatever the stub is (empty, or ending in one). */
  const char *Plain[2] = {"x;", "y;"};
  const char *Empty[2] = {"", ""};
  const char *LineEnds[2] = {"x;\n", "\n"};
  size_t PlainNeed = 0, EmptyNeed = 0, LineEndsNeed = 0;
  ptx_inject_render_ptx(H, Plain, 2, NULL, 0, &PlainNeed);
  ptx_inject_render_ptx(H, Empty, 2, NULL, 0, &EmptyNeed);
  ptx_inject_render_ptx(H, LineEnds, 2, NULL, 0, &LineEndsNeed);
  printf("measure with x; y;: %zu, empty stubs: %zu, stubs ending in a line end: %zu\n",
         PlainNeed, EmptyNeed, LineEndsNeed);
  char *Text = malloc(LineEndsNeed);
  R = ptx_inject_render_ptx(H, LineEnds, 2, Text, LineEndsNeed, &W);
  printf("stubs ending in a line end: %s", name(R));
  show_written(W);
  printf(" blank lines=");
  size_t Blank = 0;
  for (size_t I = 1; I < W; ++I)
    Blank += Text[I] == '\n' && Text[I - 1] == '\n';
  printf("%zu\n", Blank);
  free(Text);

  free(Full);
  ptx_inject_destroy(H);
  return 0;
}
