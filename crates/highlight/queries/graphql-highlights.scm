; GraphQL highlights for the tree-sitter-graphql grammar, which ships no queries. Capture names
; are the ones lib.rs maps to token classes. The first pattern that matches a node wins, so the
; specific patterns come before the general ones.

(comment) @comment
(string_value) @string
[(int_value) (float_value)] @number
[(boolean_value) (null_value)] @constant.builtin
(enum_value) @constant
(directive_location) @constant

(variable) @variable.parameter

; Directives: `@include`, and `directive @name` in a schema.
(directive "@" @function.builtin (name) @function.builtin)
(directive_definition "@" @function.builtin (name) @function.builtin)

; Operation and fragment names, in definitions and in spreads.
(operation_definition (name) @function)
(fragment_name) @function

; Type names: definitions, extensions and references (`ID!`, `on User`).
(named_type) @type
(scalar_type_definition (name) @type)
(object_type_definition (name) @type)
(interface_type_definition (name) @type)
(union_type_definition (name) @type)
(enum_type_definition (name) @type)
(input_object_type_definition (name) @type)
(scalar_type_extension (name) @type)
(object_type_extension (name) @type)
(interface_type_extension (name) @type)
(union_type_extension (name) @type)
(enum_type_extension (name) @type)
(input_object_type_extension (name) @type)

; Fields, aliases, arguments and input fields.
(field (name) @property)
(alias (name) @property)
(field_definition (name) @property)
(argument (name) @property)
(object_field (name) @property)
(input_value_definition (name) @property)

(operation_type) @keyword
[
  "fragment"
  "on"
  "type"
  "interface"
  "union"
  "enum"
  "input"
  "scalar"
  "schema"
  "extend"
  "directive"
  "implements"
  "repeatable"
] @keyword

"..." @operator
[
  "{"
  "}"
  "("
  ")"
  "["
  "]"
  ":"
  "!"
  "="
  "|"
  "&"
  (comma)
] @punctuation
