export { MealSchedulePage as CanteenMealSchedulePage } from './MealSchedulePage';
export { PresencePage as CanteenPresencePage } from './PresencePage';
export { CanteenSettingPage } from './SettingPage';
