/** Kept for the screen tests that still import it; the helpers live in testing/render-screen. */
export { fakeTrpcServer, renderWithProviders } from '../testing/render-screen';
