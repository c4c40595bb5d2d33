import { Kind, type FragmentDefinitionNode, type SelectionSetNode, type ValidationRule } from "graphql";
import { createGraphQLError, type Plugin } from "graphql-yoga";

/**
 * The messaging endpoint's limits on a GraphQL document: checked before parsing (length, bracket nesting), while
 * parsing (tokens) and as validation rules (field depth, root fields, aliases, no introspection in production), so
 * that no document costs the server more than the portal's own operations do.
 */

/** Deep enough for every operation of the portal (a thread's assignment → absence → substitute is 5 levels). */
export const MAX_QUERY_DEPTH = 8;
/** The portal sends one root field per operation; a few more are allowed, not hundreds of aliased copies. */
export const MAX_ROOT_FIELDS = 5;
export const MAX_ALIASES = 10;
/**
 * Limits checked before a document is parsed (graphql-js parses recursively, so a literal nested thousands deep
 * overflows the stack): the portal's own documents are under 2 kB, nest brackets, braces and parentheses about ten
 * deep and have a few hundred tokens. Answers travel as variables, never inside the document.
 */
export const MAX_DOCUMENT_CHARS = 16 * 1024;
export const MAX_DOCUMENT_NESTING = 32;
export const MAX_DOCUMENT_TOKENS = 2_000;

/**
 * Whether `[`, `{` and `(` nest deeper than `max` in a GraphQL document, counted in one pass without parsing
 * (strings, block strings and comments skipped). An unbalanced document is left to the parser's syntax error.
 */
export function documentNestsDeeperThan(document: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < document.length; i++) {
    const c = document[i];
    if (c === "#") {
      while (i < document.length && document[i] !== "\n" && document[i] !== "\r") i++;
    } else if (c === '"') {
      if (document.startsWith('"""', i)) {
        // Inside a block string only \""" escapes the closing quotes.
        let close = document.indexOf('"""', i + 3);
        while (close > 0 && document[close - 1] === "\\") close = document.indexOf('"""', close + 3);
        if (close < 0) return false;
        i = close + 2;
      } else {
        for (i++; i < document.length && document[i] !== '"' && document[i] !== "\n"; i++)
          if (document[i] === "\\") i++;
      }
    } else if (c === "[" || c === "{" || c === "(") {
      if (++depth > max) return true;
    } else if (c === "]" || c === "}" || c === ")") depth--;
  }
  return false;
}

/** A document refused before GraphQL parses it: too long or nested too deep. GraphQL over HTTP's shape, 400. */
function oversizedDocument(message: string): Response {
  return Response.json(
    { errors: [{ message, extensions: { code: "GRAPHQL_PARSE_FAILED" } }] },
    { status: 400, headers: { "Cache-Control": "no-store" } },
  );
}

/** Throws the 400 answer for a document too long or nested too deep, before the parser sees it. */
export function refuseOversizedDocument(query: string) {
  if (query.length > MAX_DOCUMENT_CHARS)
    throw oversizedDocument(`The document is longer than ${MAX_DOCUMENT_CHARS} characters.`);
  if (documentNestsDeeperThan(query, MAX_DOCUMENT_NESTING))
    throw oversizedDocument(`The document nests brackets deeper than ${MAX_DOCUMENT_NESTING}.`);
}

/**
 * Refuses operations nested deeper than `max` fields. Fragments count where they are spread (each fragment's depth is
 * computed once, so a document cannot make this rule itself slow). Introspection fields are left to their own rule.
 */
export function maxDepthRule(max: number): ValidationRule {
  return (context) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const d of context.getDocument().definitions)
      if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
    const fragmentDepth = new Map<string, number>();
    const depthOf = (set: SelectionSetNode): number => {
      let deepest = 0;
      for (const s of set.selections) {
        if (s.kind === Kind.FIELD) {
          if (s.name.value.startsWith("__")) continue;
          deepest = Math.max(deepest, 1 + (s.selectionSet ? depthOf(s.selectionSet) : 0));
        } else if (s.kind === Kind.INLINE_FRAGMENT) {
          deepest = Math.max(deepest, depthOf(s.selectionSet));
        } else {
          const name = s.name.value;
          if (!fragmentDepth.has(name)) {
            // 0 while in progress: a cycle is NoFragmentCyclesRule's to report.
            fragmentDepth.set(name, 0);
            const fragment = fragments.get(name);
            fragmentDepth.set(name, fragment ? depthOf(fragment.selectionSet) : 0);
          }
          deepest = Math.max(deepest, fragmentDepth.get(name)!);
        }
      }
      return deepest;
    };
    return {
      OperationDefinition(node) {
        if (depthOf(node.selectionSet) > max)
          context.reportError(
            createGraphQLError(`The operation is nested deeper than ${max} fields.`, { nodes: [node] }),
          );
      },
    };
  };
}

/** Refuses an operation with more than `maxRootFields` root fields, or a document with more than `maxAliases` aliases. */
export function operationSizeRule(maxRootFields: number, maxAliases: number): ValidationRule {
  return (context) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const d of context.getDocument().definitions)
      if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
    // Distinct response keys: repeating a field without an alias merges into one execution.
    const rootKeys = (set: SelectionSetNode, keys: Set<string>, seen: Set<string>) => {
      for (const s of set.selections) {
        if (s.kind === Kind.FIELD) {
          if (!s.name.value.startsWith("__")) keys.add(s.alias?.value ?? s.name.value);
        } else if (s.kind === Kind.INLINE_FRAGMENT) rootKeys(s.selectionSet, keys, seen);
        else if (!seen.has(s.name.value)) {
          seen.add(s.name.value);
          const fragment = fragments.get(s.name.value);
          if (fragment) rootKeys(fragment.selectionSet, keys, seen);
        }
        if (keys.size > maxRootFields) return;
      }
    };
    let aliases = 0;
    return {
      OperationDefinition(node) {
        const keys = new Set<string>();
        rootKeys(node.selectionSet, keys, new Set());
        if (keys.size > maxRootFields)
          context.reportError(
            createGraphQLError(`An operation may select at most ${maxRootFields} root fields.`, { nodes: [node] }),
          );
      },
      Field(node) {
        if (node.alias && ++aliases === maxAliases + 1)
          context.reportError(
            createGraphQLError(`A document may use at most ${maxAliases} aliases.`, { nodes: [node] }),
          );
      },
    };
  };
}

/**
 * No schema introspection (`__schema`, `__type`) in production: the portal's own pages know the contract, and a
 * stranger's map of it helps nobody else. `__typename` stays.
 */
const noIntrospectionRule: ValidationRule = (context) => ({
  Field(node) {
    if (node.name.value === "__schema" || node.name.value === "__type")
      context.reportError(
        createGraphQLError(`GraphQL introspection is not allowed here (${node.name.value}).`, { nodes: [node] }),
      );
  },
});

/** The limits as a yoga plugin; production also refuses introspection and keeps the contract's names to itself. */
export function documentLimits(production: boolean): Plugin {
  return {
    // Past the checks before parsing, a document of many small tokens is still cut short by the parser itself.
    // (yoga's own parse, not an import: the errors must be of the graphql yoga loaded)
    onParse({ parseFn, setParseFn }) {
      setParseFn((source, options) => parseFn(source, { ...options, maxTokens: MAX_DOCUMENT_TOKENS }));
    },
    onValidate({ addValidationRule }) {
      addValidationRule(maxDepthRule(MAX_QUERY_DEPTH));
      addValidationRule(operationSizeRule(MAX_ROOT_FIELDS, MAX_ALIASES));
      if (!production) return;
      addValidationRule(noIntrospectionRule);
      // Without introspection, "Did you mean …?" would still spell the contract out one guess at a time.
      return ({ valid, result, setResult }) => {
        if (valid) return;
        setResult(
          result.map((e) =>
            / Did you mean /.test(e.message)
              ? createGraphQLError(e.message.replace(/ Did you mean .*$/s, ""), {
                  nodes: e.nodes,
                  extensions: e.extensions,
                })
              : e,
          ),
        );
      };
    },
  };
}
