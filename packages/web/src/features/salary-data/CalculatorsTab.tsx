import { BpjsCalculator } from './BpjsCalculator';
import { OvertimeCalculator } from './OvertimeCalculator';
import { Pph21Calculator } from './Pph21Calculator';
import { Pph21DailyCalculator } from './Pph21DailyCalculator';
import { ThrCalculator } from './ThrCalculator';

/** The "Calculators" tab of /salary/setting: the five `hr calc` calculators of issue 5, computed in the browser. */
export function CalculatorsTab() {
  return (
    <div className="space-y-4">
      <Pph21Calculator />
      <Pph21DailyCalculator />
      <OvertimeCalculator />
      <ThrCalculator />
      <BpjsCalculator />
    </div>
  );
}
