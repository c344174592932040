// The table prefix (`wp_`) is written as each statement is compiled: queries name `posts`, the SQL
// says `wp_posts`. Done in the dialect's query compiler rather than by a Kysely plugin, which would
// copy every statement's whole operation tree to rename a few nodes.
import type { DefaultQueryCompiler, Dialect, QueryCompiler, SchemableIdentifierNode } from 'kysely';
import { IdentifierNode } from 'kysely';
import { TABLE_NAMES } from './tables.ts';

const KNOWN = new Set<string>(TABLE_NAMES);

/** The dialect's query compiler, writing the WordPress tables' names (and only theirs) with the prefix. */
function prefixingCompiler(compiler: QueryCompiler, prefix: string): QueryCompiler {
  const Compiler = compiler.constructor as new () => DefaultQueryCompiler;
  class PrefixingCompiler extends Compiler {
    protected override visitSchemableIdentifier(node: SchemableIdentifierNode): void {
      if (node.schema || !KNOWN.has(node.identifier.name)) return super.visitSchemableIdentifier(node);
      super.visitSchemableIdentifier({ ...node, identifier: IdentifierNode.create(prefix + node.identifier.name) });
    }
  }
  return new PrefixingCompiler();
}

/** This dialect, its statements naming the tables with `prefix`. */
export function withTablePrefix(dialect: Dialect, prefix: string): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => dialect.createDriver(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => prefixingCompiler(dialect.createQueryCompiler(), prefix),
  };
}
