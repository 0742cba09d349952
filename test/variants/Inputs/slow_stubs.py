"""Writes a --stubs file whose first stub takes a PTX compiler minutes
(tens of thousands of dependent instructions) and whose second is quick."""
import sys

COUNT = 40000
lines = ["mov.f32 %{z}, %{x};"]
for i in range(COUNT):
    lines.append("fma.rn.f32 %{z}, %{z}, %{y}, %{x};" if i % 2
                 else "sin.approx.f32 %{z}, %{z};")
with open(sys.argv[1], "w") as out:
    out.write("\n".join(lines) + "\n---\nadd.f32 %{z}, %{x}, %{y};\n")
