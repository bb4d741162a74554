import Type from 'typebox';
import { INT4_MAX } from './common';
import { ListItem } from './location';

/**
 * A list key (SPEC §5): letters, digits and underscores, with dashes or dots inside; it starts
 * and ends with a word character.
 */
export const LIST_KEY_PATTERN = '^\\w(?:[\\w.-]*\\w)?$';

/** The items of one list, as the site's forms offer them (SPEC §3 List). */
export const SiteList = Type.Object({
  SiteId: Type.Integer(),
  FieldKey: Type.String(),
  ListItems: Type.Array(ListItem),
});
export type SiteList = Type.Static<typeof SiteList>;

/** GET /lists/{siteId}: every list of the site, by key. */
export const SiteLists = Type.Object({ SiteId: Type.Integer(), Lists: Type.Array(SiteList) });
export type SiteLists = Type.Static<typeof SiteLists>;

/**
 * The key and item value travel in the path; their rules (SPEC §5) are checked by the service,
 * so a refusal carries the words of the spec rather than the validator's.
 */
export const SiteParams = Type.Object({ siteId: Type.Integer({ minimum: 0, maximum: INT4_MAX, description: 'Site id' }) });
export const ListParams = Type.Object({
  siteId: Type.Integer({ minimum: 0, maximum: INT4_MAX, description: 'Site id' }),
  fieldKey: Type.String({ maxLength: 100, description: 'List key' }),
});
export type ListParams = Type.Static<typeof ListParams>;
export const ListItemParams = Type.Object({
  siteId: Type.Integer({ minimum: 0, maximum: INT4_MAX, description: 'Site id' }),
  fieldKey: Type.String({ maxLength: 100, description: 'List key' }),
  itemValue: Type.String({ maxLength: 200, description: 'Item value' }),
});
export type ListItemParams = Type.Static<typeof ListItemParams>;

/**
 * POST /lists/{siteId}/{fieldKey} adds the list or upserts items by Value (SPEC §7). `Mode`
 * says what the person meant, so the server can refuse what the screen would have:
 * `create` (a new list: 'A list already exists with this key'), `add` (new items: 'An item with
 * this value already exists'), `upsert` (default). `Replace` names an item the first one
 * replaces in place (an item edited with a new Value).
 */
export const ListWriteQuery = Type.Object({
  Mode: Type.Optional(Type.Union([Type.Literal('create'), Type.Literal('add'), Type.Literal('upsert')])),
  Replace: Type.Optional(Type.String({ maxLength: 200 })),
});
export type ListWriteQuery = Type.Static<typeof ListWriteQuery>;

/** An item as sent: its emptiness is refused by the service with 'Label is required' / 'Value is required'. */
export const ListItemInput = Type.Object(
  { Label: Type.String({ maxLength: 200 }), Value: Type.String({ maxLength: 200 }) },
  { additionalProperties: false },
);
export const ListItemsBody = Type.Array(ListItemInput, { maxItems: 1000 });
export type ListItemsBody = Type.Static<typeof ListItemsBody>;

/**
 * A server field's definition for a dialog built on it, so both check one maxLength (issue 14,
 * point 7). Its description documents the API (the path parameter); under a field the title
 * already names it would only repeat it.
 */
const formField = ({ description: _apiDoc, ...rules }: Type.TString & { description?: string }) => rules;

/**
 * The dialogs add to the server's fields only what a form needs: titles, the key's pattern, and
 * minLength so Save stays disabled on an empty field. The server's schemas state neither of the
 * last two: its service refuses them with SPEC §5's words (also for whitespace), from domain/lists.ts.
 */
const ItemFields = {
  Label: Type.String({ ...formField(ListItemInput.properties.Label), title: 'Label', minLength: 1 }),
  Value: Type.String({ ...formField(ListItemInput.properties.Value), title: 'Value', minLength: 1 }),
};

/** The Add List dialog (rendered from this schema): the key and the list's first item (SPEC §5). */
export const NewListForm = Type.Object({
  FieldKey: Type.String({ ...formField(ListParams.properties.fieldKey), title: 'Key', minLength: 1, pattern: LIST_KEY_PATTERN }),
  ...ItemFields,
});
export type NewListForm = Type.Static<typeof NewListForm>;

/** The item dialog (Add Item, Edit). */
export const ListItemForm = Type.Object(ItemFields);
export type ListItemForm = Type.Static<typeof ListItemForm>;
