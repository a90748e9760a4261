import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { QueryTable } from '../../ui/QueryTable';
import { Field } from '../../ui/Field';
import { TextField } from '../../ui/TextField';
import { CompanyOfficeSelect } from '../shared/OrgSelects';
import { UnitSelect } from './InventorySelects';
import { CatalogueCard, CatalogueDialog, editRemoveColumn, RequiredText } from './catalogue-parts';
import { useCatalogue, useCatalogueSave, useSaved } from './catalogue-parts';
import './texts';

type ItemRow = RouterOutputs['inventory']['item']['list']['rows'][number];
type UnitRow = RouterOutputs['inventory']['unit']['list']['rows'][number];
type ServiceRow = RouterOutputs['inventory']['service']['list']['rows'][number];
type WarehouseRow = RouterOutputs['inventory']['warehouse']['list'][number];

// ---------------------------------------------------------------------------------------------
// Items and their warehouse variants

function ItemDialog({ item, onClose }: { item: ItemRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState(item?.code ?? '');
  const [name, setName] = useState(item?.name ?? '');
  const [unitId, setUnitId] = useState(item ? String(item.unitId) : '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [variants, setVariants] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const { pending, save: saveItem } = useCatalogueSave(trpc.inventory.item, item, onClose);
  const save = () => {
    const bad = name.trim() === '' ? 'item-name' : !unitId ? 'item-unit' : null;
    setInvalid(bad);
    if (bad) return bad;
    const common = {
      code: code.trim() || null,
      name: name.trim(),
      unitId: Number(unitId),
      description: description.trim() || null,
    };
    const names = variants
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    saveItem(common, { ...common, ...(names.length ? { variants: names } : {}) });
    return null;
  };
  return (
    <CatalogueDialog title={item ? t('inv.editItem') : t('inv.newItem')} pending={pending} onSave={save} onClose={onClose}>
      <RequiredText
        id="item-name"
        label={t('inv.name')}
        value={name}
        maxLength={100}
        invalid={invalid === 'item-name'}
        onChange={setName}
      />
      <TextField id="item-code" label={t('inv.code')} value={code} maxLength={40} onValue={setCode} />
      <Field label={t('inv.unit')} htmlFor="item-unit" required error={invalid === 'item-unit' ? t('inv.required') : undefined}>
        <UnitSelect id="item-unit" value={unitId} onChange={setUnitId} invalid={invalid === 'item-unit'} />
      </Field>
      <TextField
        id="item-description"
        label={t('inv.description')}
        value={description}
        maxLength={1000}
        onValue={setDescription}
      />
      {item ? null : (
        <TextField
          id="item-variants"
          label={t('inv.variants')}
          hint={t('inv.variantsHint')}
          value={variants}
          onValue={setVariants}
        />
      )}
    </CatalogueDialog>
  );
}

/** Adds a warehouse variant to an item, or renames one (`variant` given). */
function VariantDialog({
  item,
  variant,
  onClose,
}: {
  item: ItemRow;
  variant?: ItemRow['variants'][number] | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(variant?.name ?? '');
  const { pending, save } = useCatalogueSave(
    { create: trpc.inventory.item.createVariant, update: trpc.inventory.item.updateVariant },
    variant,
    onClose,
  );
  return (
    <CatalogueDialog
      title={`${variant ? `${t('inv.renameVariant')} ${variant.label}` : t('inv.addVariant')} · ${item.name}`}
      pending={pending}
      onSave={() => {
        save({ name: name.trim() }, { itemId: item.id, name: name.trim() });
        return null;
      }}
      onClose={onClose}
    >
      <TextField id="variant-name" label={t('inv.variantName')} value={name} maxLength={100} onValue={setName} />
    </CatalogueDialog>
  );
}

/** Items with their warehouse variants (an unnamed variant shows "-") and what is on hand in total. */
export function ItemsPanel() {
  const { t } = useTranslation();
  const catalogue = useCatalogue<ItemRow>();
  const { list, manage, setEditing, placeholderData } = catalogue;
  const [adding, setAdding] = useState<{ item: ItemRow; variant?: ItemRow['variants'][number] } | null>(null);
  const query = trpc.inventory.item.list.useQuery(list.query, { placeholderData });
  return (
    <CatalogueCard
      catalogue={catalogue}
      title={t('inv.tab.items')}
      query={query}
      addLabel={t('inv.newItem')}
      columns={[
        { key: 'code', header: t('inv.code'), cell: (r) => r.code ?? '' },
        { key: 'name', header: t('inv.name'), cell: (r) => r.name },
        { key: 'unit', header: t('inv.unit'), cell: (r) => r.unit },
        {
          key: 'variants',
          header: t('inv.variants'),
          cell: (r) =>
            manage ? (
              <div className="flex flex-wrap gap-1">
                {r.variants.map((v) => (
                  <button
                    key={v.id}
                    type="button"
                    className="rounded border border-slate-300 px-1.5 text-xs hover:bg-slate-50"
                    aria-label={`${t('inv.renameVariant')} ${r.name} (${v.label})`}
                    onClick={() => setAdding({ item: r, variant: v })}
                  >
                    {v.label}
                  </button>
                ))}
              </div>
            ) : (
              r.variants.map((v) => v.label).join(', ')
            ),
        },
        { key: 'onHand', header: t('inv.onHand'), cell: (r) => r.onHand, className: 'text-right' },
        {
          key: 'actions',
          header: '',
          cell: (r) =>
            manage ? (
              <div className="flex justify-end gap-1">
                <Button size="sm" variant="ghost" onClick={() => setEditing(r)}>
                  {t('inv.edit')}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setAdding({ item: r })}>
                  {t('inv.addVariant')}
                </Button>
              </div>
            ) : null,
        },
      ]}
      empty={t('inv.noItems')}
      dialog={(row, onClose) => <ItemDialog item={row} onClose={onClose} />}
    >
      {adding ? <VariantDialog item={adding.item} variant={adding.variant} onClose={() => setAdding(null)} /> : null}
    </CatalogueCard>
  );
}

// ---------------------------------------------------------------------------------------------
// Units (spec settings/items/units)

function UnitDialog({ unit, onClose }: { unit: UnitRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(unit?.name ?? '');
  const [invalid, setInvalid] = useState(false);
  const { pending, save } = useCatalogueSave(trpc.inventory.unit, unit, onClose);
  return (
    <CatalogueDialog
      title={unit ? t('inv.editUnit') : t('inv.newUnit')}
      pending={pending}
      onSave={() => {
        if (name.trim() === '') {
          setInvalid(true);
          return 'unit-name';
        }
        save({ name: name.trim() }, { name: name.trim() });
        return null;
      }}
      onClose={onClose}
    >
      <RequiredText id="unit-name" label={t('inv.name')} value={name} maxLength={40} invalid={invalid} onChange={setName} />
    </CatalogueDialog>
  );
}

export function UnitsPanel() {
  const { t } = useTranslation();
  const catalogue = useCatalogue<UnitRow>();
  const { list, manage, setEditing, placeholderData } = catalogue;
  const query = trpc.inventory.unit.list.useQuery(list.query, { placeholderData });
  const remove = trpc.inventory.unit.delete.useMutation(useSaved());
  return (
    <CatalogueCard
      catalogue={catalogue}
      title={t('inv.tab.units')}
      query={query}
      addLabel={t('inv.newUnit')}
      columns={[
        { key: 'name', header: t('inv.name'), cell: (r) => r.name },
        { key: 'uses', header: t('inv.uses'), cell: (r) => r.uses, className: 'text-right' },
        editRemoveColumn<UnitRow>(manage, setEditing, remove, (r) => r.uses > 0),
      ]}
      empty={t('inv.noUnits')}
      dialog={(row, onClose) => <UnitDialog unit={row} onClose={onClose} />}
    />
  );
}

// ---------------------------------------------------------------------------------------------
// Services (non-stock purchases)

function ServiceDialog({ service, onClose }: { service: ServiceRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(service?.name ?? '');
  const [unitId, setUnitId] = useState(service?.unitId ? String(service.unitId) : '');
  const [description, setDescription] = useState(service?.description ?? '');
  const [invalid, setInvalid] = useState(false);
  const { pending, save } = useCatalogueSave(trpc.inventory.service, service, onClose);
  return (
    <CatalogueDialog
      title={service ? t('inv.editService') : t('inv.newService')}
      pending={pending}
      onSave={() => {
        if (name.trim() === '') {
          setInvalid(true);
          return 'service-name';
        }
        const v = { name: name.trim(), unitId: unitId ? Number(unitId) : null, description: description.trim() || null };
        save(v, { ...v, unitId: v.unitId ?? undefined });
        return null;
      }}
      onClose={onClose}
    >
      <RequiredText id="service-name" label={t('inv.name')} value={name} maxLength={100} invalid={invalid} onChange={setName} />
      <Field label={t('inv.unit')} htmlFor="service-unit">
        <UnitSelect id="service-unit" placeholder={t('inv.noUnit')} value={unitId} onChange={setUnitId} />
      </Field>
      <TextField
        id="service-description"
        label={t('inv.description')}
        value={description}
        maxLength={1000}
        onValue={setDescription}
      />
    </CatalogueDialog>
  );
}

export function ServicesPanel() {
  const { t } = useTranslation();
  const catalogue = useCatalogue<ServiceRow>();
  const { list, manage, setEditing, placeholderData } = catalogue;
  const query = trpc.inventory.service.list.useQuery(list.query, { placeholderData });
  const remove = trpc.inventory.service.delete.useMutation(useSaved());
  return (
    <CatalogueCard
      catalogue={catalogue}
      title={t('inv.tab.services')}
      query={query}
      addLabel={t('inv.newService')}
      columns={[
        { key: 'name', header: t('inv.name'), cell: (r) => r.name },
        { key: 'unit', header: t('inv.unit'), cell: (r) => r.unit ?? '' },
        { key: 'description', header: t('inv.description'), cell: (r) => r.description ?? '' },
        editRemoveColumn<ServiceRow>(manage, setEditing, remove),
      ]}
      empty={t('inv.noServices')}
      dialog={(row, onClose) => <ServiceDialog service={row} onClose={onClose} />}
    />
  );
}

// ---------------------------------------------------------------------------------------------
// Warehouses (one or more per company office)

function WarehouseDialog({ warehouse, onClose }: { warehouse: WarehouseRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(warehouse?.name ?? '');
  const [officeId, setOfficeId] = useState(warehouse ? String(warehouse.companyOfficeId) : '');
  const [invalid, setInvalid] = useState<string | null>(null);
  const { pending, save } = useCatalogueSave(trpc.inventory.warehouse, warehouse, onClose);
  return (
    <CatalogueDialog
      title={warehouse ? t('inv.editWarehouse') : t('inv.newWarehouse')}
      pending={pending}
      onSave={() => {
        const bad = !warehouse && !officeId ? 'warehouse-office' : name.trim() === '' ? 'warehouse-name' : null;
        setInvalid(bad);
        if (bad) return bad;
        save({ name: name.trim() }, { companyOfficeId: Number(officeId), name: name.trim() });
        return null;
      }}
      onClose={onClose}
    >
      <Field
        label={t('inv.companyOffice')}
        htmlFor="warehouse-office"
        required
        error={invalid === 'warehouse-office' ? t('inv.required') : undefined}
      >
        <CompanyOfficeSelect
          id="warehouse-office"
          value={officeId}
          onChange={setOfficeId}
          disabled={!!warehouse}
          invalid={invalid === 'warehouse-office'}
        />
      </Field>
      <RequiredText
        id="warehouse-name"
        label={t('inv.name')}
        value={name}
        maxLength={100}
        invalid={invalid === 'warehouse-name'}
        onChange={setName}
      />
    </CatalogueDialog>
  );
}

export function WarehousesPanel() {
  const { t } = useTranslation();
  const manage = useCan('inventory.manage');
  const [editing, setEditing] = useState<WarehouseRow | 'new' | null>(null);
  const query = trpc.inventory.warehouse.list.useQuery({});
  return (
    <Card
      title={t('inv.tab.warehouses')}
      actions={
        manage ? (
          <Button size="sm" onClick={() => setEditing('new')}>
            {t('inv.newWarehouse')}
          </Button>
        ) : null
      }
    >
      <QueryTable
        caption={t('inv.tab.warehouses')}
        query={query}
        columns={[
          { key: 'name', header: t('inv.name'), cell: (r) => r.name },
          { key: 'office', header: t('inv.companyOffice'), cell: (r) => r.companyOffice },
          {
            key: 'actions',
            header: '',
            cell: (r) =>
              manage ? (
                <Button size="sm" variant="ghost" onClick={() => setEditing(r)}>
                  {t('inv.edit')}
                </Button>
              ) : null,
          },
        ]}
        empty={t('inv.noWarehouses')}
      />
      {editing ? <WarehouseDialog warehouse={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
