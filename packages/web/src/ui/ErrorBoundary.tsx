import { Component, type ErrorInfo, type ReactNode } from 'react';
import { SPEC_TEXT } from '../lib/spec-text';

interface Props {
  children: ReactNode;
  /** Changing this value clears the error (e.g. the location, so navigating away recovers). */
  resetKey?: unknown;
}

interface State {
  error: Error | null;
  resetKey: unknown;
}

/** A render crash shows exactly "Oops. Something went wrong." (spec §2, §8). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <div role="alert" className="flex min-h-[50vh] items-center justify-center p-8">
          <p className="text-lg font-semibold text-slate-800">{SPEC_TEXT.crash}</p>
        </div>
      );
    }
    return this.props.children;
  }
}
