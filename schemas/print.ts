import Type from 'typebox';
import { LocationId } from './common';
import { PermitInstanceId } from './permitApi';

/** POST /print (SPEC §7): the interface also sends whether to make the printer the default. */
export const PrintBody = Type.Object(
  {
    PermitInstanceId,
    PrinterId: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Printer id' }),
    Merge: Type.Optional(Type.Boolean()),
    Color: Type.Optional(Type.Boolean()),
    MakeDefault: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type PrintBody = Type.Static<typeof PrintBody>;

/** The print result (SPEC §3): Result is the IPP status ('OK' when accepted) and the printer's state then. */
export const PrintResult = Type.Object({
  Result: Type.String(),
  PrinterState: Type.String(),
  PrinterStateMessage: Type.String(),
  PrinterStateReasons: Type.Array(Type.String()),
  JobId: Type.Union([Type.Integer(), Type.Null()]),
});
export type PrintResult = Type.Static<typeof PrintResult>;

/** GET /permitpdf: the same PDF the printer gets, for 'Download PDF'. */
export const PermitPdfQuery = Type.Object({ PermitInstanceId, Merge: Type.Optional(Type.Boolean()) });
export type PermitPdfQuery = Type.Static<typeof PermitPdfQuery>;

/** POST /printer: an administrator adds a printer to a location by its IPP URI. */
export const AddPrinterBody = Type.Object(
  {
    LocationId,
    Name: Type.String({ minLength: 1, maxLength: 120 }),
    Uri: Type.String({ minLength: 1, maxLength: 500, pattern: '^(ipps?://[^\\s]+|pdf-folder:[A-Za-z0-9_-]+)$', description: 'ipp://host:631/printers/name' }),
    DefaultColor: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type AddPrinterBody = Type.Static<typeof AddPrinterBody>;
