import Type from 'typebox';
import { LocationId } from './common';

export const PlotPlan = Type.Object({
  Version: Type.Integer(),
  FileName: Type.String(),
  ZoomLevel: Type.Number(),
  Center: Type.Array(Type.Number(), { minItems: 2, maxItems: 2 }),
  Maximum: Type.Number(),
  Minimum: Type.Number(),
});

export const Location = Type.Object({
  LocationId,
  /** 0 for the top of the tree (SPEC §3). */
  ParentLocationId: LocationId,
  SiteId: Type.Integer(),
  Title: Type.String(),
  EnabledFlag: Type.Boolean(),
  PermittingEnabled: Type.Boolean(),
  PlotPlans: Type.Array(PlotPlan),
  CurrentPlotPlan: Type.Union([Type.Integer(), Type.Null()]),
});
export type Location = Type.Static<typeof Location>;

export const LocationList = Type.Object({
  /** Name of the company, the root of the location tree. */
  CompanyName: Type.String(),
  LocationList: Type.Array(Location),
});
export type LocationList = Type.Static<typeof LocationList>;

export const ListItem = Type.Object({ Label: Type.String({ minLength: 1 }), Value: Type.String({ minLength: 1 }) });
export type ListItem = Type.Static<typeof ListItem>;

export const LocationMetadata = Type.Object({
  LocationId,
  PermitDefinitionId: Type.Union([Type.String(), Type.Null()]),
  InitialPermitInstanceMetadata: Type.Record(Type.String(), Type.Unknown()),
  Lists: Type.Array(Type.Object({ FieldKey: Type.String(), ListItems: Type.Array(ListItem) })),
  WorkOrders: Type.Object({
    AvailableStatuses: Type.Array(Type.String()),
    ActiveStatuses: Type.Array(Type.String()),
  }),
  UsesWorkOrders: Type.Boolean(),
  PrintableStates: Type.Array(Type.String()),
  MergePdfs: Type.Boolean(),
  CopyEnabled: Type.Boolean(),
  /** Site-specific rules are settings, not code (DESIGN.md §6). */
  GasReadingsEditableWhenApproved: Type.Boolean(),
});
export type LocationMetadata = Type.Static<typeof LocationMetadata>;

export const LocationQuery = Type.Object({
  IncludeSublocations: Type.Optional(Type.Boolean()),
});
export const LocationIdQuery = Type.Object({ LocationId: LocationId });

/** GET /printer: the printers serving a location; with IncludeSublocations also those of every location below it (the admin list). */
export const PrinterQuery = Type.Object({ LocationId, IncludeSublocations: Type.Optional(Type.Boolean()) });
export type PrinterQuery = Type.Static<typeof PrinterQuery>;

export const Printer = Type.Object({
  PermitPrinterId: Type.Integer(),
  LocationId,
  Name: Type.String(),
  Online: Type.Boolean(),
  /** 'Idle' is normal. */
  PrinterState: Type.String(),
  PrinterStateMessage: Type.String(),
  PrinterStateReasons: Type.Array(Type.String()),
  SupportsColor: Type.Boolean(),
  DefaultColor: Type.Boolean(),
  /** Where the server reaches it (ipp://…, pdf-folder:…): answered to administrators only, who manage printers. */
  Uri: Type.Optional(Type.String()),
});
export type Printer = Type.Static<typeof Printer>;

export const PrinterList = Type.Object({ PrinterList: Type.Array(Printer) });
