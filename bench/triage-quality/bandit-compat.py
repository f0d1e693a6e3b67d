"""Runs Bandit with the one fix Bandit 1.7.0 made for Python 3.8+ ASTs.

Debian bookworm ships Bandit 1.6.2, whose string checks (B105-B108, B104, B608) visit only
`ast.Str`/`ast.Bytes`; on Python 3.8+ string literals are `ast.Constant`, so those checks find
nothing. Bandit 1.7.0 dispatches `visit_Constant` to `visit_Str`/`visit_Bytes`; this launcher
adds exactly that when the installed Bandit lacks it, and changes nothing else.
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
