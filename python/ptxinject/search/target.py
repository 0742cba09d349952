"""Target expressions: the formula ``ptxinject search --target`` takes,
parsed into a syntax tree and computed by walking that tree, never by
running the text as Python.

A target may hold the inputs' names, numbers, ``+ - * / ** %``, unary
``-`` and ``+``, parentheses, comparisons (``< <= > >= == !=``, worth 1.0
when true and 0.0 when false, chains as in Python), the constants
``np.pi`` and ``np.e``, and calls ``np.NAME(...)`` (or ``numpy.NAME``) of
the functions in :data:`FUNCTIONS`, arguments by position. Everything is
float64, elementwise: a number is a float64 before any operator sees it,
so ``9**9**9**9`` is ``inf`` at once, never a huge integer. Anything else
(attributes, subscripts, strings, lambdas, comprehensions, calls of other
names, keyword arguments, ...) is a :class:`TargetError` naming what was
refused and its column.

    >>> t = parse_target("np.sin(x) * y + 1", ["x", "y"])
    >>> float(t.evaluate({"x": 0.0, "y": 2.0}))
    1.0
"""

from __future__ import annotations

import ast
import re
from typing import Callable, Dict, Mapping, Sequence, Tuple

import numpy as np

# The functions a target may call, by their NumPy names, with how many
# arguments each takes. np.where(c, a, b) takes a where c is nonzero.
_UNARY = ("sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh",
          "arcsinh", "arccosh", "arctanh", "exp", "exp2", "expm1", "log", "log2", "log10",
          "log1p", "sqrt", "cbrt", "square", "abs", "absolute", "fabs", "sign", "floor",
          "ceil", "trunc", "rint", "reciprocal")
_BINARY = ("arctan2", "hypot", "power", "minimum", "maximum", "fmin", "fmax", "fmod",
           "copysign")


def _where(c, a, b):
    return np.where(np.asarray(c) != 0, a, b)


FUNCTIONS: Dict[str, Tuple[int, Callable]] = {
    **{n: (1, getattr(np, n)) for n in _UNARY},
    **{n: (2, getattr(np, n)) for n in _BINARY},
    "where": (3, _where),
}
CONSTANTS: Dict[str, np.float64] = {"pi": np.float64(np.pi), "e": np.float64(np.e)}

# Bounds on what is parsed and walked: the text's length, the tree's nodes
# and its depth (the walk recurses once per level).
MAX_LENGTH = 2000
MAX_NODES = 500
MAX_DEPTH = 100

_MODULES = ("np", "numpy")
_OPERATORS = {ast.Add: np.add, ast.Sub: np.subtract, ast.Mult: np.multiply,
              ast.Div: np.true_divide, ast.Pow: np.power, ast.Mod: np.remainder}
_UNARY_OPERATORS = {ast.USub: np.negative, ast.UAdd: np.positive}
_COMPARISONS = {ast.Lt: np.less, ast.LtE: np.less_equal, ast.Gt: np.greater,
                ast.GtE: np.greater_equal, ast.Eq: np.equal, ast.NotEq: np.not_equal}
_OPERATOR_TEXT = {ast.FloorDiv: "//", ast.MatMult: "@", ast.LShift: "<<", ast.RShift: ">>",
                  ast.BitOr: "|", ast.BitXor: "^", ast.BitAnd: "&", ast.Not: "not",
                  ast.Invert: "~", ast.Is: "is", ast.IsNot: "is not", ast.In: "in",
                  ast.NotIn: "not in", ast.And: "and", ast.Or: "or"}
_NODE_TEXT = {ast.Lambda: "a lambda", ast.ListComp: "a comprehension",
              ast.SetComp: "a comprehension", ast.DictComp: "a comprehension",
              ast.GeneratorExp: "a comprehension", ast.Subscript: "a subscript",
              ast.List: "a list", ast.Tuple: "a tuple", ast.Set: "a set", ast.Dict: "a dict",
              ast.IfExp: "a conditional expression (np.where is)",
              ast.JoinedStr: "a string", ast.NamedExpr: "an assignment expression",
              ast.Starred: "a starred argument", ast.Await: "await",
              ast.Yield: "yield", ast.YieldFrom: "yield", ast.Slice: "a slice"}


class TargetError(ValueError):
    """A target refused: ``what`` says what, ``line`` and ``column`` (from 1)
    where; str() is one line."""

    def __init__(self, what: str, line: int = 1, column: int = 1):
        self.what, self.line, self.column = what, line, column
        where = f"column {column}" if line == 1 else f"line {line}, column {column}"
        super().__init__(f"{where}: {what}")


class Target:
    """A parsed target: ``evaluate(columns)`` computes it in float64 over a
    mapping of every input's name to its values."""

    def __init__(self, text: str, inputs: Tuple[str, ...], walk: Callable):
        self.text, self.inputs, self._walk = text, inputs, walk

    def evaluate(self, columns: Mapping[str, object]) -> np.ndarray:
        missing = [n for n in self.inputs if n not in columns]
        if missing:
            raise KeyError(f"no values for input {missing[0]!r}")
        env = {n: np.asarray(columns[n], dtype=np.float64) for n in self.inputs}
        # Overflow, 0/0 and a log's domain are the target's values (inf,
        # nan), as in NumPy, not warnings.
        with np.errstate(all="ignore"):
            return np.asarray(self._walk(env), dtype=np.float64)

    def __repr__(self) -> str:
        return f"Target({self.text!r}, inputs={list(self.inputs)!r})"


def parse_target(text: str, inputs: Sequence[str]) -> Target:
    """The target ``text`` over the named ``inputs``, checked whole before
    anything is computed; a :class:`TargetError` for anything a target may
    not hold (see the module's doc)."""
    if not isinstance(text, str):
        raise TypeError(f"a target is a str, not {type(text).__name__}")
    inputs = tuple(inputs)
    for n in inputs:
        if not isinstance(n, str) or not n.isidentifier() or n in _MODULES:
            raise ValueError(f"input {n!r} is not a usable name")
    if len(text) > MAX_LENGTH:
        raise TargetError(f"longer than {MAX_LENGTH} characters")
    return _Checker(text, inputs).parse()


class _Checker:
    """Checks a target's tree and makes the function computing it."""

    def __init__(self, text: str, inputs: Tuple[str, ...]):
        self.text, self.inputs = text, inputs
        # Leading blanks are dropped, as eval() drops them; the columns
        # reported stay the text's.
        self.body = text.lstrip(" \t")
        self.shift = len(text) - len(self.body)
        self.lines = re.split(r"\r\n|\r|\n", text)
        self.nodes = 0

    def parse(self) -> Target:
        try:
            tree = ast.parse(self.body, mode="eval")
        except SyntaxError as e:
            line = e.lineno or 1
            if e.offset and e.offset > 0:
                column = e.offset + (self.shift if line == 1 else 0)
            else:  # at the end
                column = len(self._line(line)) + 1
            raise TargetError(f"syntax error: {e.msg}", line, column) from None
        except (RecursionError, MemoryError):
            raise TargetError(f"nested deeper than {MAX_DEPTH} levels") from None
        except ValueError as e:  # a null character
            raise TargetError(f"not a formula: {e}") from None
        return Target(self.text, self.inputs, self._node(tree.body, 1))

    def _line(self, line: int) -> str:
        return self.lines[line - 1] if 0 < line <= len(self.lines) else ""

    def _refuse(self, node: ast.AST, what: str):
        line = getattr(node, "lineno", 1)
        # col_offset counts UTF-8 bytes; the column counts characters.
        prefix = self._line(line).encode("utf-8")[: getattr(node, "col_offset", 0)]
        column = len(prefix.decode("utf-8", errors="ignore")) + 1
        if line == 1:
            column += self.shift
        raise TargetError(what, line, column)

    def _source(self, node: ast.AST) -> str:
        """The text of ``node``, as written, cut at 40 characters."""
        text = ast.get_source_segment(self.body, node) or type(node).__name__
        text = " ".join(text.split())
        return text if len(text) <= 40 else text[:37] + "..."

    def _node(self, node: ast.AST, depth: int) -> Callable:
        """A function of the inputs computing ``node``, every node below it
        checked first."""
        self.nodes += 1
        if self.nodes > MAX_NODES:
            self._refuse(node, f"more than {MAX_NODES} terms")
        if depth > MAX_DEPTH:
            self._refuse(node, f"nested deeper than {MAX_DEPTH} levels")
        method = _CHECKS.get(type(node))
        if method is None:
            what = _NODE_TEXT.get(type(node), f"a {type(node).__name__} expression")
            what, _, hint = what.partition(" (")
            self._refuse(node, f"{what} is not allowed in a target" + (f" ({hint}" if hint else ""))
        return method(self, node, depth + 1)

    def _Constant(self, node: ast.Constant, depth: int) -> Callable:
        v = node.value
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            what = "a string" if isinstance(v, (str, bytes)) else f"the constant {v!r}"
            self._refuse(node, f"{what} is not allowed in a target (only numbers)")
        try:
            value = np.float64(float(v))
        except OverflowError:
            value = np.float64(np.inf)
        if not np.isfinite(value):
            self._refuse(node, f"the number {self._source(node)} is beyond float64")
        return lambda env: value

    def _Name(self, node: ast.Name, depth: int) -> Callable:
        name = node.id
        if name not in self.inputs:
            if name in _MODULES:
                self._refuse(node, f"{name} on its own is not allowed (write {name}.NAME)")
            known = ", ".join(self.inputs) or "none"
            self._refuse(node, f"name {name!r} is not an input (inputs: {known})")
        return lambda env: env[name]

    def _module_attribute(self, node: ast.AST):
        """NAME of ``np.NAME`` / ``numpy.NAME``, else None."""
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id in _MODULES):
            return node.attr
        return None

    def _Attribute(self, node: ast.Attribute, depth: int) -> Callable:
        name = self._module_attribute(node)
        if name in CONSTANTS:
            value = CONSTANTS[name]
            return lambda env: value
        if name in FUNCTIONS:
            self._refuse(node, f"{self._source(node)} without a call is not allowed")
        self._refuse(node, f"the attribute {self._source(node)} is not allowed in a target "
                           f"(only np.pi, np.e and the listed np functions)")

    def _Call(self, node: ast.Call, depth: int) -> Callable:
        name = self._module_attribute(node.func)
        if name not in FUNCTIONS:
            self._refuse(node, f"a call of {self._source(node.func)} is not allowed in a target "
                               f"(only the listed np functions)")
        if node.keywords:
            k = node.keywords[0]
            self._refuse(k, f"the keyword argument {k.arg or '**'}= is not allowed in a target")
        arity, function = FUNCTIONS[name]
        if len(node.args) != arity:
            s = "" if arity == 1 else "s"
            self._refuse(node, f"np.{name} takes {arity} argument{s}, not {len(node.args)}")
        args = [self._node(a, depth) for a in node.args]
        return lambda env: function(*(a(env) for a in args))

    def _BinOp(self, node: ast.BinOp, depth: int) -> Callable:
        op = _OPERATORS.get(type(node.op))
        if op is None:
            self._refuse(node, f"the operator '{_OPERATOR_TEXT.get(type(node.op), '?')}' is not "
                               f"allowed in a target (only + - * / ** %)")
        left, right = self._node(node.left, depth), self._node(node.right, depth)
        return lambda env: op(left(env), right(env))

    def _UnaryOp(self, node: ast.UnaryOp, depth: int) -> Callable:
        op = _UNARY_OPERATORS.get(type(node.op))
        if op is None:
            self._refuse(node, f"the operator '{_OPERATOR_TEXT.get(type(node.op), '?')}' is not "
                               f"allowed in a target (only unary - and +)")
        operand = self._node(node.operand, depth)
        return lambda env: op(operand(env))

    def _BoolOp(self, node: ast.BoolOp, depth: int) -> Callable:
        self._refuse(node, f"the operator '{_OPERATOR_TEXT[type(node.op)]}' is not allowed in a "
                           f"target (multiply comparisons instead)")

    def _Compare(self, node: ast.Compare, depth: int) -> Callable:
        ops = []
        for op in node.ops:
            if type(op) not in _COMPARISONS:
                self._refuse(node, f"the operator '{_OPERATOR_TEXT.get(type(op), '?')}' is not "
                                   f"allowed in a target (only < <= > >= == !=)")
            ops.append(_COMPARISONS[type(op)])
        terms = [self._node(t, depth) for t in [node.left, *node.comparators]]

        def compare(env):
            values = [t(env) for t in terms]
            true = np.float64(1.0)
            for op, a, b in zip(ops, values, values[1:]):
                true = true * op(a, b)
            return np.asarray(true, dtype=np.float64)
        return compare


_CHECKS = {ast.Constant: _Checker._Constant, ast.Name: _Checker._Name,
           ast.Attribute: _Checker._Attribute, ast.Call: _Checker._Call,
           ast.BinOp: _Checker._BinOp, ast.UnaryOp: _Checker._UnaryOp,
           ast.BoolOp: _Checker._BoolOp, ast.Compare: _Checker._Compare}
