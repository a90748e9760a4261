import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useListFilter } from '../features/shared/list-filters';
import { useListState } from './use-list-state';

afterEach(cleanup);

/** A list with a search box, an office filter (clearing the department), a department filter and a pager. */
function List() {
  const list = useListState();
  const office = useListFilter(list, 'office');
  const { value: department, set: setDepartment } = list.param('department');
  const location = useLocation();
  return (
    <div>
      <input aria-label="Search" value={list.search} onChange={(e) => list.setSearch(e.target.value)} />
      <select
        aria-label="Office"
        value={office.value}
        onChange={(e) => list.filter(office.onChange, setDepartment)(e.target.value)}
      >
        <option value="">All</option>
        <option value="1">Jakarta</option>
        <option value="2">Surabaya</option>
      </select>
      <select aria-label="Department" value={department} onChange={(e) => setDepartment(e.target.value)}>
        <option value="">All</option>
        <option value="7">Finance</option>
      </select>
      <button type="button" onClick={() => list.setPage(list.page + 1)}>
        Next page
      </button>
      <button type="button" onClick={() => list.setPageSize(50)}>
        50 a page
      </button>
      <p>
        page {list.page} of size {list.pageSize}
      </p>
      <p data-testid="url">{location.search}</p>
      <Link to="/employee/1">Ani</Link>
    </div>
  );
}

function Detail() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
}

const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/employees" element={<List />} />
        <Route path="/employee/:id" element={<Detail />} />
      </Routes>
    </MemoryRouter>,
  );
const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('useListState: list state lives in the URL', () => {
  it('keeps search, filters, page and page size across an open-and-Back', async () => {
    renderAt('/employees');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'ani' } });
    fireEvent.change(screen.getByLabelText('Office'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Department'), { target: { value: '7' } });
    fireEvent.click(screen.getByText('Next page'));
    fireEvent.click(screen.getByText('Next page'));
    expect(screen.getByText('page 3 of size 25')).toBeTruthy();

    fireEvent.click(screen.getByText('Ani'));
    fireEvent.click(await screen.findByText('Back'));

    expect(value('Search')).toBe('ani');
    expect(value('Office')).toBe('2');
    expect(value('Department')).toBe('7');
    expect(screen.getByText('page 3 of size 25')).toBeTruthy();
  });

  it('opens a shared link as it says; a filter change clears what depends on it and goes back to page 1', async () => {
    renderAt('/employees?q=budi&office=1&department=7&page=4&size=50');
    expect(value('Search')).toBe('budi');
    expect(screen.getByText('page 4 of size 50')).toBeTruthy();

    await act(async () => {
      fireEvent.change(screen.getByLabelText('Office'), { target: { value: '2' } });
    });
    expect(value('Office')).toBe('2');
    expect(value('Department')).toBe('');
    expect(screen.getByText('page 1 of size 50')).toBeTruthy();
    expect(screen.getByTestId('url').textContent).toBe('?q=budi&office=2&size=50');
  });

  it('ignores a malformed page or page size', () => {
    renderAt('/employees?page=-3&size=100000');
    expect(screen.getByText('page 1 of size 25')).toBeTruthy();
  });

  it('a new page size starts at page 1', () => {
    renderAt('/employees?page=3');
    fireEvent.click(screen.getByText('50 a page'));
    expect(screen.getByText('page 1 of size 50')).toBeTruthy();
  });
});
