; Diff highlights for the tree-sitter-diff grammar: whole added and removed lines take the
; inserted and deleted classes; headers (`diff --git`, `---`/`+++`, `@@ … @@`) are keywords.

(addition) @diff.plus
(deletion) @diff.minus
[(command) (old_file) (new_file) (location)] @keyword
[(index) (similarity) (file_change) (binary_change) (comment)] @comment
