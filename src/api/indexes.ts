// The root index `GET /wp-json/` and the namespace index `GET /wp-json/tribe/events/v1`.
import type { RestRequest } from './context.ts';
import { respond, type RouteRegistry } from './registry.ts';


export function registerRootIndex(registry: RouteRegistry<RestRequest>): void {
  registry.add('', '/', [{
    methods: ['GET'],
    args: { context: { default: 'view' } },
    handler: async (request) => {
      const { site } = request;
      return respond({
        name: site.name,
        description: site.description,
        url: site.siteurl,
        home: site.home,
        gmt_offset: site.gmtOffset,
        timezone_string: site.timezoneString,
        namespaces: registry.namespaces(),
        authentication: {
          'application-passwords': { endpoints: { authorization: `${site.home}/wp-admin/authorize-application.php` } },
        },
        routes: registry.describeAll(null, request, site.apiRoot, request.translator),
        site_logo: 0,
        site_icon: 0,
        site_icon_url: '',
        _links: { help: [{ href: 'https://developer.wordpress.org/rest-api/' }] },
      });
    },
  }]);
}

// WordPress declares these without a type and crashes on an array value; wpcal refuses it.
const isText = (value: unknown): boolean => typeof value === 'string';

export function registerNamespaceIndex(registry: RouteRegistry<RestRequest>, namespace: string): void {
  registry.add(namespace, '/', [{
    methods: ['GET'],
    args: { namespace: { default: namespace, validate: isText }, context: { default: 'view', validate: isText } },
    handler: async (request) => respond({
      namespace,
      routes: registry.describeAll(namespace, request, request.site.apiRoot, request.translator),
      _links: { up: [{ href: `${request.site.apiRoot}/` }] },
    }),
  }]);
}
