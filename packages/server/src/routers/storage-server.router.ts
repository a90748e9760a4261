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
import { call, gate, noInput } from '../trpc/crud';
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

const manage = gate('server.manage');

export const storageServerRouter = router({
  list: manage.list(S, 'Storage servers', call(listStorageServersInput, listStorageServers, listStorageServersOutput)),
  get: manage.get(`${S}/{id}`, 'Storage server', call(storageServerIdInput, getStorageServer, getStorageServerOutput)),
  create: manage.post(S, 'Storage server added', call(createStorageServerInput, createStorageServer, createStorageServerOutput)),
  update: manage.put(
    `${S}/{id}`,
    'Storage server saved',
    call(updateStorageServerInput, updateStorageServer, updateStorageServerOutput),
  ),
  delete: manage.del(
    `${S}/{id}`,
    'Storage server deleted',
    call(storageServerIdInput, deleteStorageServer, deleteStorageServerOutput),
  ),
  types: manage.list(`${S}/static/type`, 'Storage server types', noInput(listStorageServerTypes, listStorageServerTypesOutput)),
  categories: manage.list(
    `${S}/static/category`,
    'Storage server categories',
    noInput(listStorageServerCategories, listStorageServerCategoriesOutput),
  ),
  owners: permissionProcedure('server.manage')
    .meta({ rest: { method: 'GET', path: '/v2/h/employee/server/management', message: 'Server owners', results: true } })
    .input(storageServerOwnersInput.optional())
    .output(returns(listStorageServerOwnersOutput))
    .query(({ ctx, input }) => listStorageServerOwners(ctx.svc, ctx.grant, input ?? {})),
});
