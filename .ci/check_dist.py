"""Check what `python -m build` made: the wheel has every module, py.typed and the licence; the sdist has the tests.

Usage: python .ci/check_dist.py DIST_DIR
"""

from __future__ import annotations

import email
import sys
import tarfile
import zipfile
from pathlib import Path


def main(dist: Path) -> int:
    root = Path(__file__).resolve().parent.parent
    wheels, sdists = sorted(dist.glob("*.whl")), sorted(dist.glob("*.tar.gz"))
    if len(wheels) != 1 or len(sdists) != 1:
        print(f"expected one wheel and one sdist in {dist}, found {wheels + sdists}")
        return 1
    problems = []
    with zipfile.ZipFile(wheels[0]) as z:
        names = set(z.namelist())
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = email.message_from_bytes(z.read(meta_name))
    sources = {p.relative_to(root).as_posix() for p in (root / "bitcards").rglob("*.py") if "__pycache__" not in p.parts}
    problems += [f"wheel lacks {m}" for m in sorted(sources - names)]
    problems += [f"wheel lacks {m}" for m in ("bitcards/py.typed",) if m not in names]
    if not any(n.endswith(".dist-info/licenses/LICENSE") for n in names):
        problems.append("wheel lacks the LICENSE file")
    problems += [f"wheel carries a compiled-kernel cache: {n}" for n in names if n.endswith((".nbi", ".nbc", ".pyc"))]
    if meta.get("License-Expression") != "MIT":
        problems.append(f"License-Expression is {meta.get('License-Expression')!r}, not 'MIT'")
    if not meta.get("Requires-Python"):
        problems.append("no Requires-Python")
    classifiers = meta.get_all("Classifier") or []
    if not any(c.startswith("Programming Language :: Python :: 3.") for c in classifiers):
        problems.append("no Python version classifiers")
    with tarfile.open(sdists[0]) as t:
        members = {m.split("/", 1)[1] for m in t.getnames() if "/" in m}
    problems += [f"sdist lacks {m}" for m in ("LICENSE", "CHANGELOG.md", "README.md", "tests/conftest.py") if m not in members]
    problems += [f"sdist carries a compiled-kernel cache: {m}" for m in members if m.endswith((".nbi", ".nbc", ".pyc"))]
    for p in problems:
        print(p)
    if not problems:
        print(f"{wheels[0].name} and {sdists[0].name}: complete")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
