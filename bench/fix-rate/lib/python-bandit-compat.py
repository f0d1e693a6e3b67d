"""Runs Bandit (`python3 python-bandit-compat.py <bandit arguments>`).

Debian bookworm ships Bandit 1.6.2, which predates Python 3.8's AST: string literals are
`ast.Constant` nodes there, and 1.6.2 only visits `ast.Str`/`ast.Bytes`, so every check that
looks at strings (B608 SQL, B105-B107 passwords, B108 temporary paths, B104 binds) silently
finds nothing. Bandit 1.7.0 fixed it by dispatching `visit_Constant` to `visit_Str` and
`visit_Bytes`; this launcher backports exactly that, and only when the installed Bandit lacks
it. Nothing else about the scanner is changed.
"""
import sys

from bandit.core import node_visitor

visitor = node_visitor.BanditNodeVisitor
if not hasattr(visitor, "visit_Constant"):

    def visit_Constant(self, node):
        if isinstance(node.value, str):
            self.visit_Str(node)
        elif isinstance(node.value, bytes):
            self.visit_Bytes(node)

    visitor.visit_Constant = visit_Constant

from bandit.cli.main import main  # noqa: E402

sys.exit(main())
