import {
  createStorageServer,
  createStorageServerInput,
  deleteStorageServer,
  getStorageServer,
  listStorageServerCategories,
  listStorageServerOwners,
  listStorageServers,
  listStorageServersInput,
  listStorageServerTypes,
  storageServerIdInput,
  storageServerOwnersInput,
  updateStorageServer,
  updateStorageServerInput,
} from '@hr/core/storage-servers';
import { permissionProcedure, router } from '../trpc/procedures';
import {
  createStorageServerOutput,
  deleteStorageServerOutput,
  getStorageServerOutput,
  listStorageServerCategoriesOutput,
  listStorageServerOwnersOutput,
  listStorageServerTypesOutput,
  listStorageServersOutput,
  updateStorageServerOutput,
} from '@hr/core/storage-servers';
import { returns } from '../trpc/output';

/*
 * Storage servers (issue 7; spec §7 "Storage servers: list, create, update, delete by id, and
 * statics for type and category. Their exact paths are not shown" and the employee path
 * "server/management"). Paths chosen: /v2/h/server (list, create), /v2/h/server/{id} (get,
 * update, delete), /v2/h/server/static/type|category, and /v2/h/employee/server/management for
 * the employees who may own a server. Owners see their own servers; hr.all sees every one.
 */
const S = '/v2/h/server';
const manage = () => permissionProcedure('server.manage');

export const storageServerRouter = router({
  list: manage()
    .meta({ rest: { method: 'GET', path: S, message: 'Storage servers', results: true } })
    .input(listStorageServersInput)
    .output(returns(listStorageServersOutput))
    .query(({ ctx, input }) => listStorageServers(ctx.svc, ctx.grant, input)),
  get: manage()
    .meta({ rest: { method: 'GET', path: `${S}/{id}`, message: 'Storage server' } })
    .input(storageServerIdInput)
    .output(returns(getStorageServerOutput))
    .query(({ ctx, input }) => getStorageServer(ctx.svc, ctx.grant, input)),
  create: manage()
    .meta({ rest: { method: 'POST', path: S, message: 'Storage server added' } })
    .input(createStorageServerInput)
    .output(returns(createStorageServerOutput))
    .mutation(({ ctx, input }) => createStorageServer(ctx.svc, ctx.grant, input)),
  update: manage()
    .meta({ rest: { method: 'PUT', path: `${S}/{id}`, message: 'Storage server saved' } })
    .input(updateStorageServerInput)
    .output(returns(updateStorageServerOutput))
    .mutation(({ ctx, input }) => updateStorageServer(ctx.svc, ctx.grant, input)),
  delete: manage()
    .meta({ rest: { method: 'DELETE', path: `${S}/{id}`, message: 'Storage server deleted' } })
    .input(storageServerIdInput)
    .output(returns(deleteStorageServerOutput))
    .mutation(({ ctx, input }) => deleteStorageServer(ctx.svc, ctx.grant, input)),
  types: manage()
    .meta({ rest: { method: 'GET', path: `${S}/static/type`, message: 'Storage server types', results: true } })
    .output(returns(listStorageServerTypesOutput))
    .query(({ ctx }) => listStorageServerTypes(ctx.svc, ctx.grant)),
  categories: manage()
    .meta({ rest: { method: 'GET', path: `${S}/static/category`, message: 'Storage server categories', results: true } })
    .output(returns(listStorageServerCategoriesOutput))
    .query(({ ctx }) => listStorageServerCategories(ctx.svc, ctx.grant)),
  owners: manage()
    .meta({ rest: { method: 'GET', path: '/v2/h/employee/server/management', message: 'Server owners', results: true } })
    .input(storageServerOwnersInput.optional())
    .output(returns(listStorageServerOwnersOutput))
    .query(({ ctx, input }) => listStorageServerOwners(ctx.svc, ctx.grant, input ?? {})),
});
