import {
  OperationNodeTransformer, type KyselyPlugin, type PluginTransformQueryArgs,
  type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow,
  type SchemableIdentifierNode, type QueryId, IdentifierNode,
} from 'kysely';
import { TABLE_NAMES } from './tables.ts';

const KNOWN = new Set<string>(TABLE_NAMES);

/** Rewrites the unprefixed WordPress table names (`posts`) into prefixed ones (`wp_posts`). */
class PrefixTransformer extends OperationNodeTransformer {
  constructor(private readonly prefix: string) {
    super();
  }

  protected override transformSchemableIdentifier(node: SchemableIdentifierNode, queryId?: QueryId): SchemableIdentifierNode {
    const transformed = super.transformSchemableIdentifier(node, queryId);
    const name = transformed.identifier.name;
    if (transformed.schema || !KNOWN.has(name)) return transformed;
    return { ...transformed, identifier: IdentifierNode.create(this.prefix + name) };
  }
}

export class TablePrefixPlugin implements KyselyPlugin {
  readonly #transformer: PrefixTransformer;

  constructor(prefix: string) {
    this.#transformer = new PrefixTransformer(prefix);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
