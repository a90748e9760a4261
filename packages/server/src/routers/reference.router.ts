import {
  createReference,
  deleteReference,
  findReference,
  updateReference,
  listReferenceInput,
  lookupReference,
  REFERENCE_META,
  type ReferenceKind,
  referenceCreateInput,
  referenceIdInput,
  referenceUpdateInput,
} from '@hr/core/reference';
import { permissionProcedure, router } from '../trpc/procedures';
import { deleteReferenceOutput, findReferenceOutput, lookupReferenceOutput, referenceRowOutput } from '@hr/core/reference';
import { returns, returnsType } from '../trpc/output';

/*
 * Reference data under /v2/h/component/<path> (spec §7). Each kind has a paginated list at
 * `<path>/list`, create at `<path>`, and `<path>/{id}/update` / `<path>/{id}/delete`. The plain GET
 * `<path>` of religion, education level, marital status, bank, country and PTKP stays with the
 * lookups (lookup.router.ts); the other kinds get theirs here.
 */
const C = '/v2/h/component';

function maintained<K extends ReferenceKind>(kind: K) {
  const { path, label } = REFERENCE_META[kind];
  return {
    list: permissionProcedure('org.view')
      .meta({ rest: { method: 'GET', path: `${C}/${path}/list`, message: `${label} list`, results: true } })
      .input(listReferenceInput)
      .output(returnsType(findReferenceOutput(kind)))
      .query(({ ctx, input }) => findReference(ctx.svc, ctx.grant, kind, input)),
    update: permissionProcedure('org.manage')
      .meta({ rest: { method: 'POST', path: `${C}/${path}/{id}/update`, message: `${label} updated` } })
      .input(referenceUpdateInput(kind))
      .output(returns(referenceRowOutput(kind)))
      .mutation(({ ctx, input }) => updateReference(ctx.svc, ctx.grant, kind, input)),
  };
}

function editable<K extends ReferenceKind>(kind: K) {
  const { path, label } = REFERENCE_META[kind];
  return {
    ...maintained(kind),
    create: permissionProcedure('org.manage')
      .meta({ rest: { method: 'POST', path: `${C}/${path}`, message: `${label} created` } })
      .input(referenceCreateInput(kind))
      .output(returns(referenceRowOutput(kind)))
      .mutation(({ ctx, input }) => createReference(ctx.svc, ctx.grant, kind, input)),
    delete: permissionProcedure('org.manage')
      .meta({ rest: { method: 'POST', path: `${C}/${path}/{id}/delete`, message: `${label} deleted` } })
      .input(referenceIdInput)
      .output(returns(deleteReferenceOutput))
      .mutation(({ ctx, input }) => deleteReference(ctx.svc, ctx.grant, kind, input)),
  };
}

/** The kinds whose plain list (lookup) the spec names but lookup.router.ts does not serve. */
function withLookup<K extends ReferenceKind>(kind: K) {
  const { path, label } = REFERENCE_META[kind];
  return {
    ...editable(kind),
    lookup: permissionProcedure('org.view')
      .meta({ rest: { method: 'GET', path: `${C}/${path}`, message: `${label} list`, results: true } })
      .output(returnsType(lookupReferenceOutput(kind)))
      .query(({ ctx }) => lookupReference(ctx.svc, ctx.grant, kind)),
  };
}

export const referenceRouter = router({
  bank: router(editable('bank')),
  country: router(editable('country')),
  educationLevel: router(editable('educationLevel')),
  // Ids 1–5 are the spec's marital status codes: names editable, no create or delete.
  maritalStatus: router(maintained('maritalStatus')),
  religion: router(editable('religion')),
  pkp: router(withLookup('pkp')),
  pkpSecond: router(withLookup('pkpSecond')),
  ptkp: router(editable('ptkp')),
  company: router(withLookup('company')),
  companySecond: router(withLookup('companySecond')),
  fingerspotType: router(withLookup('fingerspotType')),
});
