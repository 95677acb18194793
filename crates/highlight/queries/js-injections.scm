; GraphQL in `graphql` and `gql` tagged templates (Relay, Apollo). The JavaScript grammar's own
; injections query would do this too, but it combines every tagged template of a block into one
; document of the last tag's language, so a `css` or `String.raw` template would be read as
; GraphQL; this one names the tags. Each template piece between `${…}` is parsed on its own.

(call_expression
  function: [
    (identifier) @_tag
    (member_expression property: (property_identifier) @_tag)
  ]
  arguments: (template_string (string_fragment) @injection.content)
  (#any-of? @_tag "graphql" "gql")
  (#set! injection.language "graphql"))
