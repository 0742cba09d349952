"""RegisterRegistry: the registers a Stack PTX program reads and writes,
named for attribute access (``registry.x``) as in mm-ptx."""

from __future__ import annotations

from typing import Dict, Iterable, List, NamedTuple, Optional

from . import words as W


class RegisterRegistry:
    class RegisterRecord(NamedTuple):
        """A register (immutable; prints as mm-ptx's dataclass does)."""

        idx: int
        register_name: str  # the PTX register, e.g. "_x0" (written %_x0)
        stack_type: int
        name: str  # the attribute name, register_name unless given

    class _RegSymbol:
        """``registry.name``: in a program it pushes the register; in
        ``requests`` it receives a value. Calling it (``registry.name()``)
        gives the same instruction."""

        __slots__ = ("_reg", "_rec", "_w")

        def __init__(self, registry: "RegisterRegistry", record: "RegisterRegistry.RegisterRecord"):
            self._reg = registry
            self._rec = record
            self._w = W.word(W.INPUT, 0, record.idx)

        def req(self) -> int:
            return self._rec.idx

        def realize(self) -> int:
            return self._w

        def __call__(self) -> "RegisterRegistry._RegSymbol":
            return self

        @property
        def meta(self) -> "RegisterRegistry.RegisterRecord":
            return self._rec

        def __repr__(self) -> str:
            return f"<Register {self._rec.register_name} idx={self._rec.idx} stack={self._rec.stack_type}>"

        def __str__(self) -> str:
            return self._rec.register_name

    def __init__(self):
        self._items: List[RegisterRegistry.RegisterRecord] = []
        self._by_name: Dict[str, RegisterRegistry.RegisterRecord] = {}
        self._by_idx: Dict[int, RegisterRegistry.RegisterRecord] = {}
        self._symbols: Dict[str, RegisterRegistry._RegSymbol] = {}
        self._native: Optional[list] = None
        self._next_idx = 0
        self._frozen = False

    def add(self, register_name: str, stack_type: int, name: Optional[str] = None) -> "RegisterRegistry.RegisterRecord":
        """Adds a register: its PTX name, stack type and attribute name."""
        if self._frozen:
            raise RuntimeError("RegisterRegistry is frozen; cannot add more registers.")
        name = register_name if name is None else name
        idx = self._next_idx
        self._next_idx += 1
        rec = self.RegisterRecord(idx, register_name, int(stack_type), name)
        self._items.append(rec)
        self._by_name[name] = rec
        self._by_idx[idx] = rec
        if self._symbols:
            self._symbols.pop(name, None)
        self._native = None
        return rec

    def freeze(self) -> None:
        """Refuses further add()."""
        self._frozen = True

    def get(self, name: str) -> "RegisterRegistry.RegisterRecord":
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(f"Name '{name}' not found") from None

    def by_idx(self, idx: int) -> "RegisterRegistry.RegisterRecord":
        try:
            return self._by_idx[idx]
        except KeyError:
            raise KeyError(f"Register with index {idx} not found") from None

    def get_register_names(self) -> List[str]:
        return [rec.register_name for rec in self._items]

    def get_stack_types(self) -> List[int]:
        return [int(rec.stack_type) for rec in self._items]

    def native_registers(self) -> list:
        """[(register_name, stack index)] as ptxinject's compiler takes them."""
        native = self._native
        if native is None:
            native = self._native = [(rec.register_name, rec.stack_type) for rec in self._items]
        return native

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterable["RegisterRegistry.RegisterRecord"]:
        return iter(self._items)

    def __getattr__(self, name: str) -> "RegisterRegistry._RegSymbol":
        # Only for names that are not attributes: registers by name.
        if name[:2] == "__" or name in ("_symbols", "_by_name"):
            raise AttributeError(name)
        symbol = self._symbols.get(name)
        if symbol is not None:
            return symbol
        rec = self._by_name.get(name)
        if rec is None:
            raise AttributeError(f"Register '{name}' not found")
        # The symbol's fields set here, not by a call to its __init__: a
        # program's first use of each register pays this.
        symbol = _new_symbol(_RegSymbol)
        symbol._reg = self
        symbol._rec = rec
        symbol._w = _INPUT_WORD | (rec.idx & 0xFFFF) << 16  # W.word(W.INPUT, 0, rec.idx)
        self._symbols[name] = symbol
        if self._frozen and name not in _CLASS_NAMES:
            # Found directly from now on: a frozen registry's names stay.
            self.__dict__[name] = symbol
        return symbol


_RegSymbol = RegisterRegistry._RegSymbol
_new_symbol = object.__new__
_INPUT_WORD = W.word(W.INPUT)
# What hasattr(RegisterRegistry, name) finds: names a register must not hide.
_CLASS_NAMES = frozenset(dir(RegisterRegistry))
