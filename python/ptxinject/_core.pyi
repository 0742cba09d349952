"""
Native core of the ptxinject package (use the ptxinject package, not this).
"""

from collections.abc import Sequence
import enum
from typing import Annotated

import numpy
from numpy.typing import NDArray


class Error(ValueError):
    """
    A failure reported by ptxinject.

    Attributes:
        code: short stable name of the failure, e.g. 'unterminated-site'
        message: what went wrong and what to do
        line, column: 1-based place in the input (0 when it has none)
        file: the file that place is in, when the error names one (else None)
    """

class OperandKind(enum.Enum):
    """
    How the stub uses an operand: reads it (IN), reads and writes it (MOD) or writes it (OUT).
    """

    IN = 0

    MOD = 1

    OUT = 2

class Operand:
    """One operand of an inject, the same at every site."""

    @property
    def label(self) -> str:
        """The name it is looked up by, e.g. 'y'."""

    @property
    def register(self) -> str:
        """Stable register without '%', e.g. '_x0': write it as %_x0 in a stub."""

    @property
    def kind(self) -> OperandKind:
        """OperandKind.IN, MOD or OUT."""

    @property
    def register_type(self) -> str:
        """PTX register type, e.g. 'f32', 'b16', 'pred'."""

    @property
    def type_label(self) -> str:
        """Type label as the marker wrote it, e.g. 'F32'."""

    def __repr__(self) -> str: ...

class Inject:
    """All sites sharing one name; a stub for it goes to every site."""

    @property
    def name(self) -> str: ...

    @property
    def operands(self) -> list:
        """Operands in marker order (_x0, _x1, ...)."""

    @property
    def sites(self) -> list:
        """(line, column) of each site's PTX_INJECT_START, in PTX order."""

    def __getitem__(self, key: object) -> Operand:
        """Operand by label (or index)."""

    def __contains__(self, arg: str, /) -> bool: ...

    def __len__(self) -> int: ...

    def __repr__(self) -> str: ...

class Module:
    """
    Annotated PTX parsed once: its injects, and render() to splice stubs into it. Immutable; safe to render from many threads.
    """

    @staticmethod
    def parse(ptx: object, *, types: object | None = None, prune_unused_globals: bool = False) -> Module:
        """
        Parses annotated PTX (str or bytes; either marker dialect).

        types: extra operand types for the tagged dialect, as a dict, JSON text or a path, in the format of data/ptx_inject_default_types.json.
        prune_unused_globals: drop unreferenced internal module-scope variables once here, so every render and cubin compile is spared them.

        Raises ptxinject.Error (code, message, line, column) on bad PTX. Releases the GIL while parsing.
        """

    @property
    def injects(self) -> list:
        """The injects, in the order render() takes a list of stubs."""

    @property
    def num_sites(self) -> int:
        """Sites over all injects."""

    @property
    def source(self) -> object:
        """The parsed PTX (pruned with prune_unused_globals)."""

    def __getitem__(self, name: str) -> Inject:
        """Inject by name (KeyError if none)."""

    def __contains__(self, arg: str, /) -> bool: ...

    def __len__(self) -> int: ...

    def render(self, stubs: object) -> object:
        """
        Splices one stub per inject into every site of it and returns the PTX.

        stubs: a dict {inject name: stub} naming every inject, or a list with one stub per inject in module.injects order. '' leaves the sites empty. Stubs name operands by their stable registers (%_x0 ...).

        Releases the GIL while rendering; many threads may render one module.
        """

    def __repr__(self) -> str: ...

class InstructionSet:
    """
    Stack types, arg types, PTX instructions and special registers of Stack PTX, from the built-in description or a JSON one.
    """

    @staticmethod
    def builtin() -> InstructionSet:
        """
        The description shipped with the package (data/stack_ptx_descriptions.json).
        """

    @staticmethod
    def from_json(text: object) -> InstructionSet:
        """Reads a description in the stack_ptx_descriptions.json format."""

    @property
    def max_instruction_elems(self) -> int:
        """
        The most operand and result elements of any one instruction (a vector counts its elements; at least 1): a bound on the values one instruction reads and makes.
        """

    @staticmethod
    def from_file(path: str) -> InstructionSet:
        """Reads a description file."""

    @property
    def stack_types(self) -> list: ...

    @property
    def arg_types(self) -> list: ...

    @property
    def instructions(self) -> list:
        """Display names of the PTX instructions, in index order."""

    @property
    def instruction_costs(self) -> list:
        """
        Per instruction, in index order: (ptx opcode, estimated latency in cycles, approximate), from the description's "latency" (4 when it gives none) and "approximate".
        """

    @property
    def special_registers(self) -> list: ...

    def stack_type_index(self, arg: str, /) -> int: ...

    def constant_kind(self, stack_idx: int) -> object:
        """
        How the literals of stack type stack_idx are written: 'f32', 'u32', 's32', or None when it has none (its description gives no constant_type).
        """

    def instruction_index(self, arg: str, /) -> int: ...

    def special_register_index(self, arg: str, /) -> int: ...

    def parse(self, text: object, registers: object) -> list[int]:
        """
        Parses the text form ('x y add.ftz.f32') into instruction words (a return word ends the list).
        """

    def format(self, program: object, registers: object) -> str:
        """Prints a program in the text form parse() reads."""

    def random_program(self, length: int, registers: object, seed: int = 0, *, interpreted_only: bool = False) -> list[int]:
        """
        A random program of `length` instructions (and a return), every index in range.
        """

    @staticmethod
    def from_reference(stack_prefixes: object, arg_types: object, instructions: object, special_registers: object) -> InstructionSet:
        """
        A set in the reference library's terms (its Python API's enums), under its rules (top_first, reference_rules), built directly: stack_prefixes, each stack's PTX register type; arg_types, (stack, vector elements or 0) pairs; instructions, (ptx, arg types, ret types, aligned); special_registers, (ptx, arg type). Entries are named s0.., a0.., i0...
        """

    @staticmethod
    def reference_tables(stack_enum: object, arg_enum: object, instruction_enum: object, special_register_enum: object) -> ReferenceTables:
        """
        The tables from_reference() takes, read from the reference's Python enum classes themselves (members in value order: literal_prefix; stack_type and stack_num_vec_elems; ptx_str, args, rets and aligned; ptx_str and arg), as a ReferenceTables.
        """

    @staticmethod
    def from_reference_tables(tables: ReferenceTables) -> InstructionSet:
        """from_reference() of what reference_tables() read."""

class ReferenceTables:
    """
    The reference's tables as InstructionSet.reference_tables() read them from its enums: equal (and equally hashed) when the tables are, so that a store of built sets can be keyed by them.
    """

    def __eq__(self, arg: ReferenceTables, /) -> bool: ...

    def __hash__(self) -> int: ...

class StubCosts:
    """
    What compiled stubs cost by an instruction set's description (ptxinject.search.InstructionCosts).
    """

    def __init__(self, instruction_set: InstructionSet) -> None: ...

    def measure(self, stubs: Sequence[str]) -> list:
        """Per stub: (live statements, approximate ones, summed latency)."""

class StackCompiler:
    """
    Compiles Stack PTX programs against one instruction set and set of limits. Thread-safe; every compile releases the GIL.
    """

    def __init__(self, instruction_set: object | None = None, *, max_ast_size: int = 0, stack_size: int = 0, store_size: int = 0, max_frame_depth: int = 18446744073709551615, execution_limit: int = 0) -> None:
        """
        instruction_set: an InstructionSet or a description JSON path (default: the built-in one). Limits left at 0 keep the defaults of stack_ptx_fast_default_info.h.
        """

    @property
    def instruction_set(self) -> InstructionSet: ...

    @property
    def limits(self) -> dict: ...

    def compile(self, program: object, registers: object, requests: object, routines: object | None = None) -> object:
        """
        Compiles one program into a stub and returns it.

        program: text ('x y add.ftz.f32'), a uint64 NumPy array of instruction words, or a list of ptxinject.stack.Instruction (ints).
        registers: [(name, stack type), ...]; names are bare ('x' is written %x).
        requests: register indices or names; each pops one value into that register.
        routines: programs called by routine instructions.

        Any instruction sequence compiles; errors are only about registers and requests. Releases the GIL.
        """

    def compile_reference(self, program: object, registers: object, requests: object, routines: object | None = None, *, letters: bool = False) -> object:
        """
        compile(), with the stub written as the reference library (mm-ptx) writes it: its order of statements and numbering of temporaries, a tab before every line, literals in hexadecimal. Temporaries are %_s0_3 as its C headers (1.1) write them, or with letters=True %_a3 as its Python wheel's (1.0) do. For the reference's APIs; the native text is compile()'s.
        """

    def compile_batch(self, programs: object, registers: object, requests: object, routines: object | None = None) -> list:
        """
        Compiles many programs sharing one set of registers and requests; returns the list of stubs. programs: a 2-D uint64 array (one program per row, a zero word ends a shorter one) or a list of programs in any form compile() takes. Releases the GIL for the whole batch.
        """

    def digest_batch(self, programs: object, registers: object, requests: object) -> list[int]:
        """
        64-bit digests (FNV-1a/128, low half) of the stubs compile_batch returns, one per program, without making the strings.
        """

    def interpret(self, program: object, registers: object, inputs: object, requests: object, routines: object | None = None) -> list:
        """
        Runs a program on the CPU with inputs[i] the value of register i; returns the value each request receives (None when its stack was empty). For testing what a stub computes.
        """

class Variation:
    """
    Variation operators on Stack PTX programs for a search: point mutation, insertion, deletion, swap, duplication, one- and two-point crossover, constant perturbation. Every child compiles and names nothing the arch lacks; the same seed gives the same children.
    """

    def __init__(self, instruction_set: object | None, num_registers: int, *, arch: str | None = None, max_length: int = 64, interpreted_only: bool = False, stack_types: Sequence[int] = [], special_registers: bool = True, op_weights: object | None = None, word_weights: object | None = None) -> None:
        """
        num_registers: the input registers programs may read (input words 0..n-1). arch: draw nothing it lacks. interpreted_only: draw only what the CPU interpreter models. stack_types: draw only instructions on these stacks (indices). special_registers: False draws none (the CPU interpreter reads them as 0, which a GPU does not). op_weights: {'point': 30, ...} relative weights of the operators. word_weights: {'input': 20, 'constant': 12, 'instruction': 43, 'special_register': 3, 'meta': 12, 'store_load': 6, 'routine': 4} relative weights of the kinds of new words.
        """

    @property
    def max_length(self) -> int: ...

    def random(self, count: int, length: int, seed: int = 0) -> Annotated[NDArray[numpy.uint64], dict(shape=(None, None))]:
        """
        count fresh programs of `length` words drawn as the operators draw theirs: a (count, max_length + 1) uint64 array.
        """

    def offspring(self, parents: object, count: int, seed: int = 0) -> tuple:
        """
        count children of the parents (a 2-D uint64 array, a row a program, or a list of programs): child i varies parent i % len(parents), crossing it with a random one. Returns (children, ops): a (count, max_length + 1) uint64 array whose rows end with return words, and each child's operator. Releases the GIL.
        """

def ast_instructions() -> list:
    """The AST PTX instruction enums: (opcode, arity) in index order."""

def ast_compile(program: object, output: str, inputs: Sequence[str], routines: object | None = None) -> str:
    """
    Compiles an AST PTX program into a stub that moves its value into %output.
    """

def ast_interpret(program: object, inputs: Sequence[float], routines: object | None = None) -> float:
    """Evaluates an AST PTX program in single precision on the CPU."""

class Backend:
    """
    A created cubin back end, shared by every call it is passed to (thread-safe); compile_variants(backend=...) takes it or a name.
    """

    def __init__(self, kind: object | None = None, arch: str = 'sm_80', *, opt_level: int = 3, max_registers: int = 0, memory_limit: int = 0, fast_compile: str | None = None, lineinfo: bool = False, ptxas_options: Sequence[str] = [], ptx: object | None = None) -> None:
        """
        memory_limit: bytes of address space each ptxas process may use (kind='ptxas'; 0: no bound); a compile over it fails alone. fast_compile: ptxas's -Ofc level ('0', 'min', 'mid', 'max'); lineinfo: -lineinfo; ptxas_options: more ptxas options as ptxas spells them (nvjitlink gets -Xptxas=OPT). An option the back end does not take raises ptxinject.Error (invalid-argument). ptx: with no kind, the default back end is the one that reads this PTX.
        """

    @property
    def kind(self) -> str: ...

    @property
    def arch(self) -> str: ...

    @property
    def opt_level(self) -> int:
        """
        ptxas's -O level (debug PTX, nvcc -G, is assembled as debug code instead).
        """

    @property
    def max_registers(self) -> int:
        """ptxas's -maxrregcount; 0 leaves it to the compiler."""

    @property
    def fast_compile(self) -> str | None:
        """ptxas's -Ofc level, or None."""

    @property
    def lineinfo(self) -> bool: ...

    @property
    def ptxas_options(self) -> list[str]:
        """The further ptxas options, as ptxas spells them."""

    @property
    def options(self) -> str:
        """
        Every assembler option on one line, as ptxas spells them and the manifest's options column says them ('-O3 -maxrregcount=64').
        """

    @property
    def version(self) -> str:
        """The compiler's version, part of every variant cache key."""

    def __repr__(self) -> str: ...

def stack_registers(module: Module, inject: str) -> list:
    """
    The registers compile_variants gives Stack PTX programs for an inject, as (label, stack type) in index order: inputs (in and mod) first, then outs.
    """

def available_backends() -> list:
    """
    Cubin back ends built into this package (ptxas also needs the executable).
    """

def compile_ptx(ptx: object, *, backend: object | None = None, arch: str | None = None, timeout: float | None = None) -> bytes:
    """
    Assembles PTX into a cubin (ELF bytes) with a back end (a name or a Backend; arch defaults to the Backend's, else sm_80); releases the GIL.
    """

def default_backend() -> str: ...

def default_cache_dir() -> str:
    """
    The folder `ptxinject variants` caches compiled programs in: $XDG_CACHE_HOME/ptxinject/variants, else ~/.cache/ptxinject/variants ('' when neither variable is set).
    """

VariantManifestHeader: str = ...
