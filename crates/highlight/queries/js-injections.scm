; GraphQL in `graphql` and `gql` tagged templates (Relay, Apollo), also as `Relay.graphql`. The
; JavaScript grammar's own injections query would do this too, but it combines every tagged
; template of a block into one document of the last tag's language, so a `css` or `String.raw`
; template would be read as GraphQL; this one names the tags. Each template piece between `${…}`
; is parsed on its own. One pattern with a regex rather than an alternation of node shapes: it
; compiles in about half the time, and query compilation is most of this crate's cost per build.

(call_expression
  function: (_) @_tag
  arguments: (template_string (string_fragment) @injection.content)
  (#match? @_tag "^([A-Za-z_$][A-Za-z0-9_$]*[.])?(graphql|gql)$")
  (#set! injection.language "graphql"))
